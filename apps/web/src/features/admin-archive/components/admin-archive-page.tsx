import type { AdminArchive } from '@fixpoint/shared';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { StatCard } from '../../../components/stat-card';
import { paths } from '../../../config/paths';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { formatBytes } from '../../../lib/format-bytes';
import { useAdminArchive } from '../api/get-admin-archive';
import { NetworkArchiveCard } from './network-archive-card';

/** The page's shape while the archive loads: the three figures, then two network cards. */
function ArchiveSkeleton() {
  return (
    <Stack gap="lg" data-testid="admin-archive-loading" aria-busy>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {[1, 2, 3].map((key) => (
          <Skeleton key={key} height={104} radius="md" />
        ))}
      </SimpleGrid>
      {[1, 2].map((key) => (
        <Skeleton key={key} height={280} radius="md" />
      ))}
    </Stack>
  );
}

/** Total storage, how many networks keep recordings, and how many stations recorded in the last 24 hours. */
function ArchiveTotals({ archive }: { archive: AdminArchive }) {
  const { t, i18n } = useTranslation();
  const stations = archive.networks.flatMap((network) => network.stations);
  const recording = archive.networks.filter((network) => network.retentionDays > 0).length;
  const active = stations.filter((station) => station.lastDaySeconds > 0).length;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <StatCard
        title={t('adminArchive.totals.stored')}
        value={<span data-testid="admin-archive-total">{formatBytes(archive.storedBytes, i18n.language)}</span>}
        description={t('adminArchive.totals.storedHint', {
          raw: formatBytes(
            stations.reduce((sum, station) => sum + station.rawBytes, 0),
            i18n.language,
          ),
        })}
      />
      <StatCard
        title={t('adminArchive.totals.networks')}
        value={t('adminArchive.totals.ofTotal', { value: recording, total: archive.networks.length })}
      />
      <StatCard
        title={t('adminArchive.totals.stations')}
        value={t('adminArchive.totals.ofTotal', { value: active, total: stations.length })}
      />
    </SimpleGrid>
  );
}

/**
 * `/admin/archive` (issue 17): the recorded RTCM archive that RINEX on demand is made from. Per network its storage,
 * retention, RINEX price and (for relays) whether relayed stations are recorded, editable in place; per station its
 * coverage of the last 24 hours, first and last data, segments, size, and the raw RTCM of a window for support.
 */
export function AdminArchivePage() {
  const { t } = useTranslation();
  const archive = useAdminArchive();

  let body: ReactNode;
  if (archive.isPending) {
    body = <ArchiveSkeleton />;
  } else if (archive.isError) {
    body = (
      <Alert color="red" title={t('adminArchive.loadFailed')}>
        <Group justify="space-between" gap="sm">
          <Text size="sm">{apiErrorMessage(archive.error, t)}</Text>
          <Button size="xs" variant="default" onClick={() => archive.refetch()} loading={archive.isFetching}>
            {t('adminArchive.retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (archive.data.networks.length === 0) {
    body = (
      <Card withBorder padding="lg" radius="md">
        <Stack gap={4}>
          <Text fw={600}>{t('adminArchive.noNetworks')}</Text>
          <Anchor component={Link} to={paths.admin.networks.getHref()} size="sm">
            {t('adminArchive.toNetworks')}
          </Anchor>
        </Stack>
      </Card>
    );
  } else {
    body = (
      <Stack gap="lg">
        <ArchiveTotals archive={archive.data} />
        {archive.data.networks.map((network) => (
          <NetworkArchiveCard key={network.id} network={network} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeading title={t('adminArchive.title')} icon={IconArchive} description={t('adminArchive.intro')} />
      {body}
    </Stack>
  );
}
