import { type SQL, sql } from 'drizzle-orm';
import { check, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { organizations } from './organizations';

/** Things that belong to a user or to an organisation: exactly one of the two columns is set. */
export const ownerColumns = () => ({
  ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
  ownerOrgId: uuid('owner_org_id').references(() => organizations.id, { onDelete: 'cascade' }),
});

export const exactlyOneOwner = (name: string, t: { ownerUserId: unknown; ownerOrgId: unknown }) =>
  check(name, sql`(${t.ownerUserId as SQL} is null) <> (${t.ownerOrgId as SQL} is null)`);
