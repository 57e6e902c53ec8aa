import { type Column, eq, type SQL } from 'drizzle-orm';

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

/** The owner columns to insert. */
export const ownerValues = (owner: Owner) =>
  isOrgOwner(owner) ? { ownerUserId: null, ownerOrgId: owner.orgId } : { ownerUserId: owner.userId, ownerOrgId: null };

/** The owner of a row read back from a table built with `ownerColumns()`. */
export const ownerOfRow = (row: { ownerUserId: string | null; ownerOrgId: string | null }): Owner =>
  row.ownerOrgId ? { orgId: row.ownerOrgId } : { userId: row.ownerUserId as string };

/** Whether two owners are the same user or the same organisation. */
export const isSameOwner = (a: Owner, b: Owner): boolean =>
  isOrgOwner(a) ? isOrgOwner(b) && a.orgId === b.orgId : !isOrgOwner(b) && a.userId === b.userId;
