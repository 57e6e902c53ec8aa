import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { networks } from './networks';
import { ntripAccounts } from './ntrip-accounts';
import { exactlyOneOwner, ownerColumns, ownerOrErased } from './owner';

/** The current credit balance per owner; the check keeps it from going below zero under concurrent spends. */
export const creditBalances = pgTable(
  'credit_balances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    exactlyOneOwner('credit_balances_one_owner', t),
    check('credit_balances_not_negative', sql`${t.balance} >= 0`),
    uniqueIndex('credit_balances_owner_user_idx').on(t.ownerUserId),
    uniqueIndex('credit_balances_owner_org_idx').on(t.ownerOrgId),
  ],
);

/**
 * Append-only credit history; every change of a balance writes one entry in the same transaction. Entries outlive
 * their owner and a trigger refuses deleting or rewriting them (docs/decisions/0063).
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns('set null'),
    /** Signed: purchases and grants add, spends remove. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['purchase', 'spend', 'grant', 'correction', 'refund'] }).notNull(),
    /** What the entry was for, as a code and its values the web words in the reader's language (decision 0049). */
    reasonCode: text('reason_code'),
    reasonParams: jsonb('reason_params').$type<Record<string, string | number>>().notNull().default({}),
    /** An administrator's note; entries older than reason codes that were not recognised keep their English text. */
    reason: text('reason').notNull().default(''),
    accountId: uuid('account_id').references(() => ntripAccounts.id, { onDelete: 'set null' }),
    networkId: uuid('network_id').references(() => networks.id, { onDelete: 'set null' }),
    days: integer('days'),
    /** Payment or checkout reference; unique so a purchase is credited once. */
    externalRef: text('external_ref').unique(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ownerOrErased('credit_ledger_owner_or_erased', t),
    check('credit_ledger_balance_after', sql`${t.balanceAfter} >= 0`),
    index('credit_ledger_owner_user_idx').on(t.ownerUserId, t.createdAt),
    index('credit_ledger_owner_org_idx').on(t.ownerOrgId, t.createdAt),
  ],
);
