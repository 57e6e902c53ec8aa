import type { AdminArchiveNetwork } from '@fixpoint/shared';
import { Anchor, Badge, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatBytes } from '../../../lib/format-bytes';
import { ArchiveSettingsForm } from './archive-settings-form';
import { ArchiveStationsTable } from './archive-stations-table';

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

/** Whether the network records at all: a retention of 0 days stops it, and a relay records only when allowed. */
export const isRecording = (network: Pick<AdminArchiveNetwork, 'kind' | 'retentionDays' | 'recordRelayed'>) =>
  network.retentionDays > 0 && (network.kind === 'hosted' || network.recordRelayed);

/** The sentence in place of the stations table when there is nothing to list, or null when there is. */
function emptyKey(network: AdminArchiveNetwork) {
  if (network.stations.length === 0) return 'adminArchive.network.noStations';
  if (network.stations.some((station) => station.firstDataAt !== null)) return null;
  if (network.retentionDays === 0) return 'adminArchive.network.notRecordedHint';
  if (network.kind === 'relay' && !network.recordRelayed) return 'adminArchive.network.relayedOffHint';
  return 'adminArchive.network.noData';
}

/** One network's archive: what it stores, its settings, and its stations. */
export function NetworkArchiveCard({ network }: { network: AdminArchiveNetwork }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const empty = emptyKey(network);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      data-testid="admin-archive-network"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} size="h4" id={titleId}>
                {network.name}
              </Title>
              <Badge variant="default" radius="sm" tt="none" ff="monospace">
                {network.code}
              </Badge>
              <Badge variant="light" color="gray" radius="sm">
                {t(`adminNetworks.kind.${network.kind}`)}
              </Badge>
            </Group>
            <Group gap="md" wrap="wrap">
              <Text size="sm">
                <Text span c="dimmed" inherit>
                  {t('adminArchive.network.stored')}{' '}
                </Text>
                <Text span fw={600} inherit style={numeric} data-testid="admin-archive-network-stored">
                  {formatBytes(network.storedBytes, i18n.language)}
                </Text>
              </Text>
              <Text size="sm" c="dimmed">
                {isRecording(network)
                  ? t('adminArchive.network.keptFor', { count: network.retentionDays })
                  : network.retentionDays === 0
                    ? t('adminArchive.network.notRecorded')
                    : t('adminArchive.network.relayedOff')}
              </Text>
            </Group>
          </Stack>
          <Anchor component={Link} to={paths.admin.networks.getHref(network.id)} size="sm">
            {t('adminArchive.network.manage')}
          </Anchor>
        </Group>
        <ArchiveSettingsForm network={network} />
        <Divider />
        {empty ? (
          <Text size="sm" c="dimmed">
            {t(empty)}
          </Text>
        ) : (
          <ArchiveStationsTable network={network} />
        )}
      </Stack>
    </Card>
  );
}
