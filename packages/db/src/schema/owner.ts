import { type SQL, sql } from 'drizzle-orm';
import { check, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { organizations } from './organizations';

/**
 * Things that belong to a user or to an organisation: exactly one of the two columns is set. They go with their
 * owner, except money records (`onDelete: 'set null'`), which outlive it (docs/decisions/0063).
 */
export const ownerColumns = (onDelete: 'cascade' | 'set null' = 'cascade') => ({
  ownerUserId: text('owner_user_id').references(() => users.id, { onDelete }),
  ownerOrgId: uuid('owner_org_id').references(() => organizations.id, { onDelete }),
});

export const exactlyOneOwner = (name: string, t: { ownerUserId: unknown; ownerOrgId: unknown }) =>
  check(name, sql`(${t.ownerUserId as SQL} is null) <> (${t.ownerOrgId as SQL} is null)`);

/**
 * Money records (invoices, the credit ledger, checkouts): one owner, or none once that owner was deleted. The record
 * stays as issued; who it was for is in its own snapshot (an invoice's buyer), not in the erased row.
 */
export const ownerOrErased = (name: string, t: { ownerUserId: unknown; ownerOrgId: unknown }) =>
  check(name, sql`${t.ownerUserId as SQL} is null or ${t.ownerOrgId as SQL} is null`);
