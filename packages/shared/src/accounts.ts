import { z } from 'zod';
import { plainText } from './text';

export const accountNameSchema = plainText(z.string().trim().min(1, 'Give the account a name.').max(60));
/** Upper bound of the concurrent-connection limit an owner may set (plans may lower it later). */
export const maxConnectionsLimit = 10;
export const bulkCreateLimit = 200;

export const windowStateSchema = z.enum(['active', 'pending', 'expired', 'never']);

export const accountNetworkStatusSchema = z.object({
  networkId: z.string(),
  networkName: z.string(),
  networkCode: z.string(),
  state: windowStateSchema,
  /** End of the access that covers now (active), or of the last one (expired). */
  activeUntil: z.iso.datetime().nullable(),
  /** Whole days left while active; days bought while pending (they start at the first connection). */
  daysLeft: z.number().int().nullable(),
});

/** Why the rover does (not) get corrections, derived from the caster's sessions and refused logins. */
export const diagnosisSchema = z.enum([
  'receiving',
  'connected-no-gga',
  'web-password',
  'bad-password',
  'expired',
  'no-access',
  'outside-coverage',
  'disabled',
  'never-connected',
  'idle',
]);

export type Diagnosis = z.infer<typeof diagnosisSchema>;

export const ntripAccountSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    username: z.string(),
    maxConnections: z.number().int(),
    isDisabled: z.boolean(),
    createdAt: z.iso.datetime(),
    lastConnectedAt: z.iso.datetime().nullable(),
    networks: z.array(accountNetworkStatusSchema),
    diagnosis: diagnosisSchema,
    /** Set when an organisation owns the account (a member sees the accounts lent to them, marked so). */
    organization: z.object({ id: z.string(), name: z.string() }).nullable(),
    /** An organisation's account lent to a member: to whom, and until when it may connect. */
    lending: z.object({ userId: z.string(), name: z.string(), email: z.string(), until: z.iso.datetime() }).nullable(),
  })
  .meta({ id: 'NtripAccount' });

export type NtripAccount = z.infer<typeof ntripAccountSchema>;

export const createAccountSchema = z.object({ name: accountNameSchema });
export const bulkCreateAccountsSchema = z.object({
  count: z.number().int().min(1).max(bulkCreateLimit),
  namePrefix: accountNameSchema,
});
export const updateAccountSchema = z
  .object({
    name: accountNameSchema.optional(),
    maxConnections: z.number().int().min(1).max(maxConnectionsLimit).optional(),
  })
  .refine((value) => value.name !== undefined || value.maxConnections !== undefined, 'Nothing to change.');

export const accountSelectionSchema = z.object({ ids: z.array(z.uuid()).min(1).max(bulkCreateLimit) });

export const connectionSettingsSchema = z
  .object({
    host: z.string(),
    port: z.number().int(),
    /** The caster's NTRIP-over-TLS port; null when it speaks plain TCP only. */
    tlsPort: z.number().int().nullable(),
    username: z.string(),
    password: z.string(),
    /** Mountpoints the account can use now: the networks' nearest-base (AUTO) mounts first. */
    mountpoints: z.array(z.object({ mountpoint: z.string(), networkName: z.string(), isAuto: z.boolean() })),
    ntripVersion: z.literal(2),
    /** For RTKLIB: ntrip://user:password@host:port/MOUNT */
    rtklibUrl: z.string(),
  })
  .meta({ id: 'ConnectionSettings' });

export type ConnectionSettings = z.infer<typeof connectionSettingsSchema>;

export const casterSessionSchema = z
  .object({
    id: z.string(),
    mountpoint: z.string(),
    startedAt: z.iso.datetime(),
    endedAt: z.iso.datetime().nullable(),
    durationSeconds: z.number().int(),
    bytesSent: z.number().int(),
    ggaCount: z.number().int(),
    lastLatitude: z.number().nullable(),
    lastLongitude: z.number().nullable(),
    distanceToBaseM: z.number().nullable(),
    clientAddress: z.string(),
    userAgent: z.string(),
    closeReason: z.string().nullable(),
  })
  .meta({ id: 'CasterSession' });

export type CasterSession = z.infer<typeof casterSessionSchema>;
