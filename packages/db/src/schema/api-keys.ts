import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { exactlyOneOwner, ownerColumns } from './owner';

/**
 * API keys (issue 32, decision 0077): a key acts as its owner (a person or an organisation) within its scopes. Only
 * a SHA-256 hash of the key is stored; the unique index on it is the one read a key's request costs.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    name: text('name').notNull(),
    /** The first characters of the key as shown in lists (`fpk_ab12cd34`). */
    prefix: text('prefix').notNull(),
    /** Hex SHA-256 of the whole key. */
    keyHash: text('key_hash').notNull().unique(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    /** Who created it; an organisation's key acts with this member's rights, and stops when they leave. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    exactlyOneOwner('api_keys_one_owner', t),
    index('api_keys_owner_user_idx').on(t.ownerUserId),
    index('api_keys_owner_org_idx').on(t.ownerOrgId),
  ],
);

/** The client addresses a key was used from: a new one is written to the audit log once. */
export const apiKeyAddresses = pgTable(
  'api_key_addresses',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.address] })],
);

/**
 * Idempotency keys of writes (`Idempotency-Key` header): the first answer is stored with a hash of the request, so
 * a retry gets that answer and pays nothing again. `owner` is `user:<id>` or `org:<id>`.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    /** Hex SHA-256 of method, path and body. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request runs. */
    responseStatus: integer('response_status'),
    responseType: text('response_type'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('idempotency_keys_owner_key').on(t.owner, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
