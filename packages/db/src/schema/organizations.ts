import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * An organisation (spec: beta; docs/decisions/0041). The name is unique without regard to case. While the beta is
 * "by approval" a new organisation is `pending` until an admin approves (`active`) or declines it.
 */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    status: text('status', { enum: ['active', 'pending', 'declined'] })
      .notNull()
      .default('active'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('organizations_name_lower_idx').on(sql`lower(${t.name})`),
    check('organizations_status', sql`${t.status} in ('active', 'pending', 'declined')`),
  ],
);

export const organizationMembers = pgTable(
  'organization_members',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'member'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.userId] }),
    index('organization_members_user_idx').on(t.userId),
    check('organization_members_role', sql`${t.role} in ('owner', 'admin', 'member')`),
  ],
);

/**
 * An invitation by e-mail: pending until accepted (then deleted: the membership is the record) or declined (kept,
 * so it can still be accepted until it expires), or cancelled by the organisation (deleted).
 */
export const organizationInvites = pgTable(
  'organization_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'declined'] })
      .notNull()
      .default('pending'),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('organization_invites_org_email_idx').on(t.orgId, t.email),
    index('organization_invites_email_idx').on(t.email),
  ],
);
