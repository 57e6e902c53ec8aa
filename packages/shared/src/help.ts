import { z } from 'zod';

/**
 * What the help centre's connection guides are filled in with (docs/decisions/0074): the caster's public address,
 * its sourcetable, and for a signed-in person their own NTRIP accounts with the mountpoints each can use now. No
 * password: the guides point at the accounts page for it.
 */
export const helpConnectionSchema = z
  .object({
    host: z.string(),
    port: z.number().int(),
    /** NTRIP over TLS; null when the caster speaks plain TCP only. */
    tlsPort: z.number().int().nullable(),
    /** The caster's sourcetable (`GET /` of the caster), which a browser shows as a page. */
    sourcetableUrl: z.string(),
    /** The signed-in person's own accounts; null for a visitor. */
    accounts: z
      .array(
        z.object({
          id: z.string(),
          name: z.string(),
          username: z.string(),
          mountpoints: z.array(z.object({ mountpoint: z.string(), networkName: z.string(), isAuto: z.boolean() })),
        }),
      )
      .nullable(),
  })
  .meta({ id: 'HelpConnection' });

export type HelpConnection = z.infer<typeof helpConnectionSchema>;

/**
 * Why the caster ended a rover's session (the codes it records; apps/caster sessions), in the order the help
 * centre's troubleshooting lists them.
 */
export const sessionCloseReasons = [
  'client-closed',
  'client-error',
  'slow-client',
  'outside-coverage',
  'window-ended',
  'replaced',
  'password-changed',
  'account-disabled',
  'account-deleted',
  'user-disabled',
  'shutdown',
  'caster-restarted',
] as const;

export type SessionCloseReason = (typeof sessionCloseReasons)[number];
