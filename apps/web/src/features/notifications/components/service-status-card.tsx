import type { ServiceStatus } from '@fixpoint/shared';
import { Anchor, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHealthState } from '../../../api/get-health';
import { StatCard, type StatColor } from '../../../components/stat-card';
import { paths } from '../../../config/paths';
import { formatAgo } from '../../../lib/format-feed';
import { useOwnerScope } from '../../../session/owner-scope';
import { serviceStatusQueryOptions } from '../api/notifications-api';

type Station = ServiceStatus['stations'][number];

/** What the card says: the platform's own state first, then the stations the owner uses. */
type CardState = 'ok' | 'degraded' | 'unreachable' | 'unknown' | 'unavailable' | 'stationsDown' | 'stationsDegraded';

const colors: Record<CardState, StatColor> = {
  ok: 'success',
  degraded: 'warning',
  unreachable: 'error',
  unknown: 'muted',
  unavailable: 'muted',
  stationsDown: 'error',
  stationsDegraded: 'warning',
};

/** How many stations the card names before "and N more". */
const namedAtMost = 3;

/** "since 09:12 (3 min ago)", with the date when it was not today; "since a while" when the caster never saw it. */
function since(station: Station, t: TFunction, language: string, now: number) {
  if (!station.since) return t('dashboard.stats.sinceUnknown');
  const at = new Date(station.since);
  const isToday = at.toDateString() === new Date(now).toDateString();
  const time = at.toLocaleString(
    language,
    isToday ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  );
  return t('dashboard.stats.since', { time, ago: formatAgo(station.since, now, language) });
}

/**
 * The dashboard's service card (issue 31): "Operational" only when the platform answers and every station the owner
 * uses is up; otherwise which station is down or degraded, and since when, with a link to the status page. While
 * the platform itself is degraded or unreachable it says so, as it always did.
 */
export function ServiceStatusCard() {
  const { t, i18n } = useTranslation();
  const scope = useOwnerScope();
  const platform = useHealthState();
  const status = useQuery(serviceStatusQueryOptions(scope));

  const down = status.data?.stations.filter((station) => station.state === 'down') ?? [];
  const degraded = status.data?.stations.filter((station) => station.state === 'degraded') ?? [];
  const state: CardState =
    platform !== 'ok'
      ? (platform as CardState)
      : down.length > 0
        ? 'stationsDown'
        : degraded.length > 0
          ? 'stationsDegraded'
          : status.isError
            ? 'unavailable'
            : status.isPending
              ? 'unknown'
              : 'ok';

  const named = state === 'stationsDown' ? down : state === 'stationsDegraded' ? degraded : [];
  const value =
    state === 'stationsDown' || state === 'stationsDegraded'
      ? named.length === 1
        ? t(`dashboard.stats.serviceState.${state}One`, { name: named[0]?.name })
        : t(`dashboard.stats.serviceState.${state}`, { count: named.length })
      : t(`dashboard.stats.serviceState.${state}`);
  const now = Date.now();

  return (
    <StatCard
      title={t('dashboard.stats.service')}
      value={value}
      color={colors[state]}
      description={
        named.length > 0 ? (
          <>
            <List size="xs" spacing={2} listStyleType="none" aria-label={t('dashboard.stats.affectedStations')}>
              {named.slice(0, namedAtMost).map((station) => (
                <List.Item key={station.id}>
                  <Text span size="xs" fw={600} c="var(--mantine-color-text)">
                    {station.name}
                  </Text>{' '}
                  ({station.networkName}) {since(station, t, i18n.language, now)}
                </List.Item>
              ))}
              {named.length > namedAtMost && (
                <List.Item>{t('dashboard.stats.andMore', { count: named.length - namedAtMost })}</List.Item>
              )}
            </List>
            <Anchor component={Link} to={paths.status.getHref()} size="xs" mt={4} display="inline-block">
              {t('dashboard.stats.statusPage')}
            </Anchor>
          </>
        ) : state === 'ok' && (status.data?.stations.length ?? 0) > 0 ? (
          t('dashboard.stats.allStationsUp', { count: status.data?.stations.length })
        ) : undefined
      }
    />
  );
}
