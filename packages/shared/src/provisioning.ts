import { z } from 'zod';
import { accountNameSchema, bulkCreateLimit, maxConnectionsLimit, ntripAccountSchema } from './accounts';

/**
 * Provisioning (issue 32, decision 0077): what a reseller's system does in one call. An account is created with its
 * connection cap and, optionally, its access, paid from the owner's credits (days, or until a moment, from now or
 * from the rover's first connection) or by a free seat of one of the owner's subscriptions.
 */
export const provisionAccessSchema = z.discriminatedUnion('pay', [
  z
    .object({
      pay: z.literal('credits'),
      networkId: z.uuid(),
      /** Whole days of access (the network's daily price each). */
      days: z.number().int().min(1).max(3650).optional(),
      /** Or: access until this moment (charged in whole days, rounded up); only with `start: 'now'`. */
      until: z.iso.datetime().optional(),
      /** From now (default), or from the rover's first connection (days only). */
      start: z.enum(['now', 'first-connection']).default('now'),
    })
    .refine((value) => (value.days === undefined) !== (value.until === undefined), {
      message: 'Give either days or until.',
      path: ['days'],
    })
    .refine((value) => value.until === undefined || value.start === 'now', {
      message: 'An access until a moment starts now.',
      path: ['start'],
    }),
  z.object({
    pay: z.literal('seat'),
    /** One of the owner's subscriptions with a free seat: access to its network for as long as it runs. */
    subscriptionId: z.uuid(),
  }),
]);

export type ProvisionAccess = z.infer<typeof provisionAccessSchema>;

export const provisionAccountSchema = z
  .object({
    name: accountNameSchema,
    /** Concurrent connections the account allows (default: the portal's setting). */
    maxConnections: z.number().int().min(1).max(maxConnectionsLimit).optional(),
    access: provisionAccessSchema.optional(),
  })
  .meta({ id: 'ProvisionAccount' });

export type ProvisionAccount = z.infer<typeof provisionAccountSchema>;

export const provisionBulkSchema = z
  .object({
    count: z.number().int().min(1).max(bulkCreateLimit),
    namePrefix: accountNameSchema,
    maxConnections: z.number().int().min(1).max(maxConnectionsLimit).optional(),
    access: provisionAccessSchema.optional(),
  })
  .meta({ id: 'ProvisionBulk' });

export type ProvisionBulk = z.infer<typeof provisionBulkSchema>;

export const provisionFormatSchema = z.object({ format: z.enum(['json', 'csv']).default('json') });

/** Where the rover connects. */
export const roverConnectionSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  /** Null when the caster does not speak TLS. */
  tlsPort: z.number().int().nullable(),
  /** The mountpoint to use (the first network's nearest-base mount); null without access. */
  mountpoint: z.string().nullable(),
  mountpoints: z.array(z.object({ mountpoint: z.string(), networkName: z.string(), isAuto: z.boolean() })),
});

export const provisionedAccountSchema = z
  .object({
    account: ntripAccountSchema,
    username: z.string(),
    password: z.string(),
    connection: roverConnectionSchema,
    /** What it cost: credits spent, or the subscription whose seat it took. */
    charged: z.object({ credits: z.number().int(), subscriptionId: z.string().nullable() }),
  })
  .meta({ id: 'ProvisionedAccount' });

export type ProvisionedAccount = z.infer<typeof provisionedAccountSchema>;

export const provisionedListSchema = z.object({ items: z.array(provisionedAccountSchema) });

/** Extend (paid from credits) or shorten (no refund) an account's access on one network by whole days. */
export const accessChangeSchema = z
  .object({ networkId: z.uuid(), days: z.number().int().min(1).max(3650) })
  .meta({ id: 'AccessChange' });

export type AccessChange = z.infer<typeof accessChangeSchema>;

/** The CSV a bulk provisioning answers with `?format=csv`. */
export const provisionCsvColumns = [
  'name',
  'username',
  'password',
  'host',
  'port',
  'tls_port',
  'mountpoint',
  'access_until',
] as const;
