import { Alert, Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingFallback } from '../../../components/loading-fallback';
import { LookupErrorAlert } from '../../../components/lookup-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { StatCard } from '../../../components/stat-card';
import { paths } from '../../../config/paths';
import { formatBitrate, formatDateTime } from '../../../lib/format-feed';
import { usePageTitle } from '../../../lib/use-page-title';
import { feedNetworkQueryOptions } from '../api/admin-feed-api';
import { StationFeedCard } from './station-feed-card';

/** /admin/feed/{networkId}: each station of the network, live (polled every 2 seconds). */
export function FeedNetworkPage({ networkId }: { networkId: string }) {
  const { t, i18n } = useTranslation();
  const feed = useQuery(feedNetworkQueryOptions(networkId));
  usePageTitle(feed.data ? `${t('adminFeed.title')}: ${feed.data.network.name}` : t('adminFeed.title'));

  if (feed.isPending) return <LoadingFallback />;
  if (feed.isError) {
    return (
      <LookupErrorAlert
        query={feed}
        notFoundTitle={t('adminNetworks.notFound')}
        notFoundText={t('adminNetworks.notFoundText')}
        backHref={paths.admin.feed.getHref()}
        backLabel={t('adminFeed.allNetworks')}
      />
    );
  }
  const { network, stations, generatedAt } = feed.data;
  const now = new Date(generatedAt).getTime();

  return (
    <Stack gap="xl">
      <PageHeading
        title={network.name}
        icon={IconBroadcast}
        description={
          <Group gap="xs" component="span">
            <Text span size="sm">
              {t('adminFeed.liveNote')}
            </Text>
            <Text span size="sm" c="dimmed" data-testid="feed-updated">
              {t('adminFeed.updatedAt', { time: formatDateTime(generatedAt, i18n.language) })}
            </Text>
          </Group>
        }
        actions={
          <Group gap="md">
            <Anchor component={Link} to={paths.admin.feed.getHref()} size="sm">
              {t('adminFeed.allNetworks')}
            </Anchor>
            <Anchor component={Link} to={paths.admin.networks.getHref(network.networkId)} size="sm">
              {t('adminFeed.manageNetwork')}
            </Anchor>
          </Group>
        }
      />
      {feed.isRefetchError && (
        <Alert color="orange" variant="light">
          {t('adminFeed.stale')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <StatCard
          title={t('adminFeed.stationsOnline')}
          value={`${network.connectedCount} / ${network.stationCount}`}
          color={
            network.stationCount === 0
              ? 'muted'
              : network.connectedCount === network.stationCount
                ? 'success'
                : network.connectedCount > 0
                  ? 'warning'
                  : 'error'
          }
        />
        <StatCard title={t('adminFeed.rovers')} value={network.roverCount} />
        <StatCard title={t('adminFeed.bitrate')} value={formatBitrate(network.bitrate)} />
        <StatCard
          title={t('adminFeed.upstreamErrors')}
          value={network.errorCount}
          color={network.errorCount > 0 ? 'error' : 'muted'}
        />
      </SimpleGrid>
      {stations.length === 0 ? (
        <Text c="dimmed">{t('adminFeed.noStations')}</Text>
      ) : (
        <Stack gap="lg">
          {stations.map((station) => (
            <StationFeedCard key={station.id} station={station} now={now} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
