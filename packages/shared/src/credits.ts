import { z } from 'zod';
import { plainText } from './text';

export const maxActivationDays = 366;

/**
 * A whole number in a query string, in decimal digits only (issue 16): `0x10`, `1e3`, `16.0` and ` 16` are refused
 * instead of being read as numbers.
 */
export const queryInteger = (message: string) =>
  z
    .string()
    .regex(/^-?\d{1,12}$/, message)
    .transform(Number);

export const activationQuerySchema = z.object({
  accountId: z.uuid(),
  feedNetworkId: z.uuid(),
  days: queryInteger('Days must be a whole number.').pipe(
    z.number().min(1, 'Days must be at least 1.').max(maxActivationDays, `Days can be at most ${maxActivationDays}.`),
  ),
});

export const activationResultSchema = z
  .object({
    accountId: z.string(),
    networkId: z.string(),
    days: z.number().int(),
    cost: z.number().int(),
    balance: z.number().int(),
    /** Null when the days start at the first connection. */
    activeUntil: z.iso.datetime().nullable(),
    startsAtFirstConnection: z.boolean(),
  })
  .meta({ id: 'ActivationResult' });

export type ActivationResult = z.infer<typeof activationResultSchema>;

/**
 * What a ledger entry was for, as a code and its values (docs/decisions/0049): the web words it in the reader's
 * language (`credits.reasons.<code>`), so nothing the server stores is English text.
 */
export const ledgerDescriptionSchema = z
  .discriminatedUnion('code', [
    /** Days of access on a network bought for an NTRIP account. */
    z.object({ code: z.literal('activation'), days: z.number().int(), network: z.string() }),
    /** A credit pack bought (the product's name as it was then). */
    z.object({ code: z.literal('purchase'), product: z.string() }),
    /** Credits taken back for a refunded payment; `unrecovered` of them had been spent already. */
    z.object({ code: z.literal('refund'), reference: z.string(), unrecovered: z.number().int() }),
    z.object({ code: z.literal('adminGrant') }),
    z.object({ code: z.literal('adminCorrection') }),
    /** A RINEX file of `seconds` of recorded data from a mountpoint. */
    z.object({ code: z.literal('rinexSpend'), mountpoint: z.string(), seconds: z.number().int() }),
    /** A RINEX conversion that failed, its credits given back. */
    z.object({ code: z.literal('rinexRefund'), mountpoint: z.string() }),
  ])
  .meta({ id: 'LedgerDescription' });

export type LedgerDescription = z.infer<typeof ledgerDescriptionSchema>;
export type LedgerDescriptionCode = LedgerDescription['code'];

export const ledgerEntrySchema = z
  .object({
    id: z.string(),
    amount: z.number().int(),
    balanceAfter: z.number().int(),
    kind: z.enum(['purchase', 'spend', 'grant', 'correction', 'refund']),
    /** Null for an entry written before descriptions had codes and not recognised then: `reason` says it. */
    description: ledgerDescriptionSchema.nullable(),
    /** An administrator's own note on a grant or correction; older entries' English description. */
    reason: z.string(),
    accountName: z.string().nullable(),
    networkName: z.string().nullable(),
    days: z.number().int().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'LedgerEntry' });

export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerPageSchema = z
  .object({ balance: z.number().int(), entries: z.array(ledgerEntrySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'LedgerPage' });

export type LedgerPage = z.infer<typeof ledgerPageSchema>;

export const ledgerQuerySchema = z.object({
  limit: queryInteger('The limit must be a whole number.').pipe(z.number().min(1).max(100)).default(25),
  cursor: z.string().optional(),
});

export const adminTokensQuerySchema = z.object({
  userId: z.string().min(1),
  tokenAmount: queryInteger('The amount must be a whole number.').pipe(
    z
      .number()
      .refine((n) => n !== 0, 'The amount cannot be 0.')
      .refine((n) => Math.abs(n) <= 1_000_000, 'The amount is too large.'),
  ),
  reason: plainText(z.string().trim().max(200)).optional(),
});

export const balanceSchema = z.object({ balance: z.number().int() }).meta({ id: 'Balance' });
