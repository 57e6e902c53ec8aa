import { Stack } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CardTable } from '../../../components/card-table/card-table';
import { LoadingFallback } from '../../../components/loading-fallback';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { paths } from '../../../config/paths';
import { formatAgo, formatBitrate } from '../../../lib/format-feed';
import { feedQueryOptions } from '../api/admin-feed-api';

/** /admin/feed: every network's live state, refreshed every 2 seconds. */
export function FeedPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const feed = useQuery(feedQueryOptions());

  if (feed.isPending) return <LoadingFallback />;
  if (feed.isError) {
    return (
      <Stack gap="xl">
        <PageHeading title={t('adminFeed.title')} icon={IconBroadcast} description={t('adminFeed.description')} />
        <QueryErrorAlert query={feed} />
      </Stack>
    );
  }
  const now = Date.now();

  return (
    <Stack gap="xl">
      <PageHeading title={t('adminFeed.title')} icon={IconBroadcast} description={t('adminFeed.description')} />
      <CardTable
        nameHeader={t('adminFeed.network')}
        emptyText={t('adminFeed.empty')}
        columns={[
          { key: 'code', header: t('adminFeed.code') },
          { key: 'state', header: t('adminFeed.state'), isColored: true },
          { key: 'stations', header: t('adminFeed.stationsOnline') },
          { key: 'rovers', header: t('adminFeed.rovers') },
          { key: 'bitrate', header: t('adminFeed.bitrate') },
          { key: 'lastData', header: t('adminFeed.lastData') },
        ]}
        rows={feed.data.map((network) => {
          const allUp = network.stationCount > 0 && network.connectedCount === network.stationCount;
          const someUp = network.connectedCount > 0;
          return {
            id: network.networkId,
            name: network.name,
            indicatorColor: network.errorCount > 0 ? 'red' : allUp ? 'green' : someUp ? 'orange' : 'gray',
            records: {
              code: network.code,
              state:
                network.errorCount > 0
                  ? t('adminFeed.errors', { count: network.errorCount })
                  : allUp
                    ? t('adminFeed.allOnline')
                    : someUp
                      ? t('adminFeed.partlyOnline')
                      : t('adminFeed.offline'),
              stations: `${network.connectedCount} / ${network.stationCount}`,
              rovers: network.roverCount,
              bitrate: formatBitrate(network.bitrate),
              lastData: network.lastDataAt ? formatAgo(network.lastDataAt, now, i18n.language) : t('adminFeed.never'),
            },
            action: {
              text: t('adminFeed.open'),
              color: 'green' as const,
              onClick: () => navigate(paths.admin.feed.getHref(network.networkId)),
            },
          };
        })}
      />
    </Stack>
  );
}
