import { z } from 'zod';
import { queryInteger } from './credits';

/**
 * Alerts (issue 31, decision 0076): what the platform tells an owner before their rovers do. The list of kinds is
 * closed so the settings page can offer a row per kind; a new kind adds itself here with its default channels.
 *
 * - `station-down` / `station-up`: a station the owner has live access to (or, for an admin, a station of a network
 *   they run) stopped sending for `CASTER_SOURCE_TIMEOUT_SECONDS`, and came back.
 * - `station-degraded`: a station sends at less than half its usual rate.
 * - `access-started`: an NTRIP account's access on a network began (granted from now, or its first connection);
 *   mostly for integrations, so only the webhook is on by default.
 * - `access-ending` / `access-ended`: an NTRIP account's access ends in a few days / ended today.
 * - `subscription-ending`: a subscription will not renew (cancelled at the period's end).
 * - `subscription-payment-failed`: a renewal payment failed.
 * - `credits-low`: the credit balance is below what the owner's active accounts need for the next days.
 * - `account-login-failing`: an NTRIP account keeps failing to log in at the caster.
 * - `account-no-corrections`: an NTRIP account connects but never gets corrections (AUTO without GGA, ...).
 * - `webhook-disabled`: one of the owner's webhook endpoints was disabled after 24 hours of failed deliveries.
 */
export const notificationKinds = [
  'station-down',
  'station-up',
  'station-degraded',
  'access-started',
  'access-ending',
  'access-ended',
  'subscription-ending',
  'subscription-payment-failed',
  'credits-low',
  'account-login-failing',
  'account-no-corrections',
  'webhook-disabled',
] as const;

export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** The channels a person can choose per kind; `webhook` applies once the owner has a webhook endpoint. */
export const notificationChannels = ['inApp', 'email', 'webhook'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/**
 * Sensible defaults: in-app for what a person wants to see (not `access-started`, which is for integrations); mail for
 * what needs acting on; webhooks on where an endpoint exists.
 */
export const notificationDefaults: Record<NotificationKind, { inApp: boolean; email: boolean; webhook: boolean }> = {
  'station-down': { inApp: true, email: true, webhook: true },
  'station-up': { inApp: true, email: true, webhook: true },
  'station-degraded': { inApp: true, email: false, webhook: true },
  'access-started': { inApp: false, email: false, webhook: true },
  'access-ending': { inApp: true, email: true, webhook: true },
  'access-ended': { inApp: true, email: true, webhook: true },
  'subscription-ending': { inApp: true, email: true, webhook: true },
  'subscription-payment-failed': { inApp: true, email: true, webhook: true },
  'credits-low': { inApp: true, email: true, webhook: true },
  'account-login-failing': { inApp: true, email: true, webhook: true },
  'account-no-corrections': { inApp: true, email: false, webhook: true },
  'webhook-disabled': { inApp: true, email: true, webhook: false },
};

/** Kinds no webhook event reports (a failing endpoint is told in the portal and by e-mail): no webhook switch. */
export const notificationKindsWithoutWebhook: readonly NotificationKind[] = ['webhook-disabled'];

export const notificationSchema = z
  .object({
    id: z.uuid(),
    kind: notificationKindSchema,
    /** Already in the reader's language, e.g. "Station DELF00NLD is down". */
    title: z.string(),
    body: z.string(),
    createdAt: z.iso.datetime(),
    readAt: z.iso.datetime().nullable(),
    /** A path inside the portal (e.g. `/status`, `/accounts/…`), or null. */
    link: z.string().nullable(),
  })
  .meta({ id: 'Notification' });

export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notifications` (and `/api/org/{orgId}/notifications`): newest first. */
export const notificationListSchema = z
  .object({
    items: z.array(notificationSchema),
    /** How many of the owner's notifications are unread (all of them, not just this page). */
    unread: z.number().int().min(0),
  })
  .meta({ id: 'NotificationList' });

export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationListQuerySchema = z.object({
  unread: z.enum(['true', 'false']).optional(),
  limit: queryInteger('The limit must be a whole number.').pipe(z.number().min(1).max(200)).default(50),
});

/** `POST /api/notifications/read`: the given ids, or all of them. */
export const notificationReadSchema = z
  .object({
    ids: z.array(z.uuid()).max(500).optional(),
    all: z.literal(true).optional(),
  })
  .refine((b) => (b.ids && b.ids.length > 0) || b.all === true, {
    message: 'Give the ids to mark read, or "all": true.',
    path: ['ids'],
  })
  .meta({ id: 'NotificationRead' });

export type NotificationRead = z.infer<typeof notificationReadSchema>;

export const notificationReadResultSchema = z
  .object({ updated: z.number().int().min(0), unread: z.number().int().min(0) })
  .meta({ id: 'NotificationReadResult' });

export type NotificationReadResult = z.infer<typeof notificationReadResultSchema>;

export const notificationSettingSchema = z
  .object({
    kind: notificationKindSchema,
    inApp: z.boolean(),
    email: z.boolean(),
    webhook: z.boolean().optional(),
  })
  .meta({ id: 'NotificationSetting' });

export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

/**
 * `GET`/`PUT /api/notification-settings`: GET answers one row per kind (defaults where the person chose nothing);
 * PUT takes any subset and answers the full list.
 */
export const notificationSettingsSchema = z
  .object({ settings: z.array(notificationSettingSchema).max(notificationKinds.length * 2) })
  .meta({ id: 'NotificationSettings' });

export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const stationLiveStates = ['up', 'down', 'degraded'] as const;
export const stationLiveStateSchema = z.enum(stationLiveStates);
export type StationLiveState = z.infer<typeof stationLiveStateSchema>;

/**
 * `GET /api/service-status` (and `/api/org/{orgId}/service-status`): the stations the owner uses (those of the
 * networks their accounts have live access to) and one word for all of them: `operational` only when every one is up.
 */
export const serviceStatusSchema = z
  .object({
    state: z.enum(['operational', 'degraded', 'down']),
    stations: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        networkName: z.string(),
        state: stationLiveStateSchema,
        /** Since when the station is in this state; null when unknown (never seen since the caster started). */
        since: z.iso.datetime().nullable(),
      }),
    ),
  })
  .meta({ id: 'ServiceStatus' });

export type ServiceStatus = z.infer<typeof serviceStatusSchema>;
