import type { AdminStation, StationWithSecret } from '@fixpoint/shared';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  IconBroadcast,
  IconDownload,
  IconEye,
  IconEyeOff,
  IconNetwork,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  adminNetworkKeys,
  adminNetworkQueryOptions,
  deleteNetwork,
  deleteStation,
  updateNetwork,
} from '../../../api/admin-networks-api';
import { CardTable } from '../../../components/card-table/card-table';
import { ErrorAlert } from '../../../components/error-alert';
import { LoadingFallback } from '../../../components/loading-fallback';
import { LookupErrorAlert } from '../../../components/lookup-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { ImportDialog } from './import-dialog';
import { NetworkSettings } from './network-settings';
import { SourcePasswordDialog } from './source-password-dialog';
import { StationDialog } from './station-dialog';

export const formatPosition = (station: AdminStation) =>
  station.position ? `${station.position.latitude.toFixed(6)}, ${station.position.longitude.toFixed(6)}` : null;

/** /admin/networks/{networkId}: settings, publish or hide, stations (by hand or imported), source passwords. */
export function NetworkPage({ networkId }: { networkId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const network = useQuery(adminNetworkQueryOptions(networkId));
  usePageTitle(network.data?.name ?? t('adminNetworks.title'));
  const [stationDialog, setStationDialog] = useState<AdminStation | 'new' | null>(null);
  const [secret, setSecret] = useState<StationWithSecret | null>(null);
  const [importing, setImporting] = useState(false);
  const [removingStation, setRemovingStation] = useState<AdminStation | null>(null);
  const [removingNetwork, setRemovingNetwork] = useState(false);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: adminNetworkKeys.all });

  const publish = useMutation({
    mutationFn: (isPublished: boolean) => updateNetwork(networkId, { isPublished }),
    onSuccess: invalidate,
  });
  const removeStation = useMutation({
    mutationFn: (stationId: string) => deleteStation(networkId, stationId),
    onSuccess: async () => {
      await invalidate();
      setRemovingStation(null);
    },
  });
  const removeNetwork = useMutation({
    mutationFn: () => deleteNetwork(networkId),
    // Not the deleted network's own query: this page still watches it, and refetching it would answer 404.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminNetworkKeys.list() }),
        queryClient.invalidateQueries({ queryKey: adminNetworkKeys.templates() }),
      ]);
      navigate(paths.admin.networks.getHref());
    },
  });

  if (network.isPending) return <LoadingFallback />;
  if (network.isError) {
    return (
      <LookupErrorAlert
        query={network}
        notFoundTitle={t('adminNetworks.notFound')}
        notFoundText={t('adminNetworks.notFoundText')}
        backHref={paths.admin.networks.getHref()}
        backLabel={t('adminNetworks.back')}
      />
    );
  }
  const data = network.data;

  return (
    <Stack gap="xl">
      <PageHeading
        title={data.name}
        icon={IconNetwork}
        actions={
          <>
            <Button
              component={Link}
              to={paths.admin.feed.getHref(data.id)}
              variant="default"
              leftSection={<IconBroadcast size={16} />}
            >
              {t('adminNetworks.liveFeed')}
            </Button>
            <Button
              variant={data.isPublished ? 'default' : 'filled'}
              color={data.isPublished ? 'gray' : 'green'}
              leftSection={data.isPublished ? <IconEyeOff size={16} /> : <IconEye size={16} />}
              loading={publish.isPending}
              onClick={() => publish.mutate(!data.isPublished)}
            >
              {data.isPublished ? t('adminNetworks.hide') : t('adminNetworks.publish')}
            </Button>
          </>
        }
      />
      <Group gap="xs" mt={-16}>
        <Badge variant="light" color="gray">
          {data.code}
        </Badge>
        <Badge variant="light">{t(`adminNetworks.kind.${data.kind}`)}</Badge>
        <Badge variant="light" color={data.isPublished ? 'green' : 'gray'} data-testid="publish-state">
          {data.isPublished ? t('adminNetworks.status.published') : t('adminNetworks.status.hidden')}
        </Badge>
        {data.templateName && (
          <Text span size="sm" c="dimmed">
            {t('adminNetworks.fromTemplate', { name: data.templateName })}
          </Text>
        )}
      </Group>
      <ErrorAlert error={publish.error} />

      <CardTable
        title={t('adminNetworks.stations.title')}
        nameHeader={t('adminNetworks.stations.mountpoint')}
        emptyText={t('adminNetworks.stations.empty')}
        headerActions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              disabled={!data.upstream.host}
              title={data.upstream.host ? undefined : t('adminNetworks.import.needsHost')}
              onClick={() => setImporting(true)}
            >
              {t('adminNetworks.import.open')}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setStationDialog('new')}>
              {t('adminNetworks.stations.add')}
            </Button>
          </>
        }
        columns={[
          { key: 'identifier', header: t('adminNetworks.stations.identifier') },
          { key: 'position', header: t('adminNetworks.stations.position') },
          { key: 'source', header: t('adminNetworks.stations.positionSource') },
          { key: 'format', header: t('adminNetworks.stations.format') },
          { key: 'navSystem', header: t('adminNetworks.stations.navSystem') },
          { key: 'gga', header: t('adminNetworks.templates.gga') },
          { key: 'enabled', header: t('adminNetworks.stations.enabled') },
          ...(data.kind === 'relay'
            ? [{ key: 'upstream', header: t('adminNetworks.stations.upstreamMountpoint') }]
            : [{ key: 'password', header: t('adminNetworks.password.label') }]),
        ]}
        rows={data.stations.map((station) => ({
          id: station.id,
          name: station.mountpoint,
          onEdit: () => setStationDialog(station),
          records: {
            identifier: station.identifier || '—',
            position: formatPosition(station) ?? t('adminNetworks.stations.awaitingPosition'),
            source: station.positionSource ? t(`adminNetworks.stations.source.${station.positionSource}`) : '—',
            format: station.format,
            navSystem: station.navSystem || '—',
            gga: station.needsGga ? t('adminNetworks.yes') : t('adminNetworks.no'),
            enabled: station.isEnabled ? t('adminNetworks.yes') : t('adminNetworks.no'),
            upstream: station.upstreamMountpoint ?? '—',
            password: station.hasSourcePassword ? t('adminNetworks.password.set') : t('adminNetworks.password.none'),
          },
          action: {
            text: t('adminNetworks.delete'),
            color: 'red' as const,
            onClick: () => setRemovingStation(station),
          },
        }))}
      />

      <NetworkSettings key={data.id} network={data} />

      <Group justify="flex-end">
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          onClick={() => setRemovingNetwork(true)}
        >
          {t('adminNetworks.deleteNetwork')}
        </Button>
      </Group>

      {stationDialog && (
        <StationDialog
          networkId={data.id}
          kind={data.kind}
          station={stationDialog === 'new' ? null : stationDialog}
          onClose={() => setStationDialog(null)}
          onPassword={setSecret}
        />
      )}
      {secret?.sourcePassword && (
        <SourcePasswordDialog
          mountpoint={secret.station.mountpoint}
          password={secret.sourcePassword}
          caster={secret.caster}
          onClose={() => setSecret(null)}
        />
      )}
      {importing && <ImportDialog networkId={data.id} onClose={() => setImporting(false)} />}
      <Modal
        opened={removingStation !== null}
        onClose={() => setRemovingStation(null)}
        title={t('adminNetworks.stations.deleteTitle', { mountpoint: removingStation?.mountpoint ?? '' })}
      >
        <Stack>
          <Text>{t('adminNetworks.stations.deleteText')}</Text>
          <ErrorAlert error={removeStation.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemovingStation(null)}>
              {t('adminNetworks.cancel')}
            </Button>
            <Button
              color="red"
              loading={removeStation.isPending}
              onClick={() => removingStation && removeStation.mutate(removingStation.id)}
            >
              {t('adminNetworks.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={removingNetwork}
        onClose={() => setRemovingNetwork(false)}
        title={t('adminNetworks.deleteNetworkTitle', { name: data.name })}
      >
        <Stack>
          <Text>{t('adminNetworks.deleteNetworkText', { count: data.stations.length })}</Text>
          <ErrorAlert error={removeNetwork.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemovingNetwork(false)}>
              {t('adminNetworks.cancel')}
            </Button>
            <Button color="red" loading={removeNetwork.isPending} onClick={() => removeNetwork.mutate()}>
              {t('adminNetworks.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
