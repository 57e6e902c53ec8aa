import { type Column, eq, inArray, or, type SQL, sql } from 'drizzle-orm';

/** Who owns credits, NTRIP accounts, subscriptions, invoices: a user, or an organisation (docs/decisions/0041). */
export type Owner = { userId: string } | { orgId: string };

interface OwnedTable {
  ownerUserId: Column;
  ownerOrgId: Column;
}

export const isOrgOwner = (owner: Owner): owner is { orgId: string } => 'orgId' in owner;

/** The WHERE condition selecting the owner's rows of a table built with `ownerColumns()`. */
export const ownerWhere = (table: OwnedTable, owner: Owner): SQL =>
  isOrgOwner(owner) ? eq(table.ownerOrgId, owner.orgId) : eq(table.ownerUserId, owner.userId);

/**
 * The WHERE condition selecting the rows of any of these owners (at most a few thousand: callers chunk larger
 * lists). An empty list selects nothing.
 */
export const ownersWhere = (table: OwnedTable, owners: readonly Owner[]): SQL => {
  const userIds = owners.flatMap((owner) => (isOrgOwner(owner) ? [] : [owner.userId]));
  const orgIds = owners.flatMap((owner) => (isOrgOwner(owner) ? [owner.orgId] : []));
  return (
    or(
      ...(userIds.length > 0 ? [inArray(table.ownerUserId, userIds)] : []),
      ...(orgIds.length > 0 ? [inArray(table.ownerOrgId, orgIds)] : []),
    ) ?? sql`false`
  );
};

/** The owner columns to insert. */
export const ownerValues = (owner: Owner) =>
  isOrgOwner(owner) ? { ownerUserId: null, ownerOrgId: owner.orgId } : { ownerUserId: owner.userId, ownerOrgId: null };

/** The owner of a row read back from a table built with `ownerColumns()`. */
export const ownerOfRow = (row: { ownerUserId: string | null; ownerOrgId: string | null }): Owner =>
  row.ownerOrgId ? { orgId: row.ownerOrgId } : { userId: row.ownerUserId as string };

/** Whether two owners are the same user or the same organisation. */
export const isSameOwner = (a: Owner, b: Owner): boolean =>
  isOrgOwner(a) ? isOrgOwner(b) && a.orgId === b.orgId : !isOrgOwner(b) && a.userId === b.userId;
