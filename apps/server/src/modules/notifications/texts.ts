import type { Language, NotificationKind } from '@fixpoint/shared';
import { formatDateTime, type Texts } from '../../i18n/i18n';

const dateFields = ['at', 'startsAt', 'endsAt', 'graceEndsAt'] as const;

/**
 * A notification's title and body in the reader's language, written from its data when read (in-app) or mailed:
 * the station's mountpoint and network, the moment in the reader's way of writing it.
 */
export function notificationText(
  t: Texts,
  language: Language,
  kind: NotificationKind,
  data: Record<string, unknown>,
): { title: string; body: string } {
  const values: Record<string, unknown> = {
    ...data,
    station: data.mountpoint ?? data.identifier ?? '',
    network: data.networkName ?? '',
    reason: reasonText(t, data.reasons),
    error: data.upstreamError ?? data.error ?? '',
  };
  for (const field of dateFields) {
    const value = data[field];
    if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) {
      values[field] = formatDateTime(new Date(value), language);
    }
  }
  // Back to normal after being degraded: not "back" as after an outage; a relayed station's upstream failing says so.
  const key =
    kind === 'station-up' && data.recovered === 'degraded'
      ? 'station-normal'
      : kind === 'station-down' && typeof data.upstreamError === 'string'
        ? 'station-down-relay'
        : kind;
  return { title: t(`notifications.${key}.title`, values), body: t(`notifications.${key}.body`, values) };
}

/** Why a station is degraded (the caster's `reasons`, alerts/degradation.ts), in words: "…; …". */
function reasonText(t: Texts, reasons: unknown): string {
  if (!Array.isArray(reasons)) return '';
  return reasons
    .map((reason: { kind?: string; percent?: number; types?: number[]; metres?: number }) => {
      switch (reason?.kind) {
        case 'rate':
          return t('notifications.degraded-reason.rate', { percent: reason.percent });
        case 'missing':
          return t('notifications.degraded-reason.missing', { types: (reason.types ?? []).join(', ') });
        case 'position':
          return t('notifications.degraded-reason.position', { metres: reason.metres });
        default:
          return '';
      }
    })
    .filter((text) => text !== '')
    .join('; ');
}
