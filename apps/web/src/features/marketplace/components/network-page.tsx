import { Anchor, Badge, Breadcrumbs, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconAntenna, IconNetwork, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { networkCoverageQueryOptions, networkQueryOptions } from '../../../api/networks-api';
import { LoadingFallback } from '../../../components/loading-fallback';
import { LookupErrorAlert } from '../../../components/lookup-error-alert';
import { CoverageMap } from '../../../components/map/coverage-map';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { StatCard } from '../../../components/stat-card';
import { paths } from '../../../config/paths';
import { purchaseHref } from '../../../lib/purchase-dialogs';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAuth } from '../../../session/use-auth';
import { useAuthLinks } from '../../../session/use-auth-links';
import { countryNames } from './marketplace-page';

export const stationStatusColor = { up: 'green', degraded: 'orange', down: 'red' } as const;

/** A network's page: what it is, its stations with live status, its coverage, and the way to access it. */
export function NetworkPage({ networkId }: { networkId: string }) {
  const { t, i18n } = useTranslation();
  const authLinks = useAuthLinks();
  const auth = useAuth();
  const network = useQuery(networkQueryOptions(networkId));
  const coverage = useQuery(networkCoverageQueryOptions(networkId));
  usePageTitle(network.data?.name ?? t('marketplace.title'));

  if (network.isPending) return <LoadingFallback />;
  if (network.isError) {
    return (
      <LookupErrorAlert
        query={network}
        notFoundTitle={t('marketplace.notFound')}
        notFoundText={t('marketplace.notFoundText')}
        backHref={paths.marketplace.getHref()}
        backLabel={t('marketplace.back')}
      />
    );
  }
  const data = network.data;
  const live = data.stations.filter((station) => station.status !== 'down').length;
  const signedIn = auth.status === 'signed-in';

  return (
    <Stack gap="lg" maw={1400}>
      <Breadcrumbs>
        <Anchor component={Link} to={paths.marketplace.getHref()}>
          {t('marketplace.heading')}
        </Anchor>
        <Text>{data.name}</Text>
      </Breadcrumbs>
      <PageHeading
        title={data.name}
        icon={IconNetwork}
        description={data.description || undefined}
        actions={
          <>
            {data.plans.length > 0 && (
              <Button
                component={Link}
                {...(signedIn ? { to: purchaseHref('subscription', { networkId: data.id }) } : authLinks.to('signIn'))}
                variant="default"
                leftSection={<IconReceipt size={16} />}
              >
                {t('marketplace.subscribe')}
              </Button>
            )}
            <Button
              component={Link}
              {...(signedIn
                ? { to: `${paths.accounts.getHref()}?network=${encodeURIComponent(data.id)}` }
                : authLinks.to('signIn'))}
              leftSection={<IconAntenna size={16} />}
            >
              {signedIn ? t('marketplace.activate') : t('marketplace.signInToActivate')}
            </Button>
          </>
        }
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <StatCard title={t('marketplace.columns.operator')} value={data.operator || '—'} />
        <StatCard
          title={t('marketplace.liveStations')}
          value={`${live} / ${data.stations.length}`}
          color={live === data.stations.length && live > 0 ? 'success' : live === 0 ? 'error' : 'warning'}
        />
        <StatCard
          title={t('marketplace.columns.dailyPrice')}
          value={t('marketplace.creditsPerDay', { count: data.dailyPrice })}
        />
        <StatCard
          title={t('marketplace.columns.countries')}
          value={countryNames(data.countries, i18n.language) || '—'}
          description={t('marketplace.radius', { km: data.coverageRadiusKm })}
        />
      </SimpleGrid>
      {coverage.isError ? (
        <QueryErrorAlert query={coverage} />
      ) : (
        <CoverageMap
          stations={coverage.data?.stations ?? []}
          label={t('marketplace.networkMapLabel', { name: data.name })}
          height={420}
        />
      )}
      <Stack gap="xs" component="section" aria-label={t('marketplace.stations')}>
        <Group justify="space-between">
          <Text fw={700} size="lg" component="h2" m={0}>
            {t('marketplace.stations')}
          </Text>
          <Anchor component={Link} to={paths.status.getHref()} size="sm">
            {t('marketplace.statusLink')}
          </Anchor>
        </Group>
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('marketplace.station.mountpoint')}</Table.Th>
                <Table.Th>{t('marketplace.station.place')}</Table.Th>
                <Table.Th>{t('marketplace.station.status')}</Table.Th>
                <Table.Th>{t('marketplace.station.position')}</Table.Th>
                <Table.Th>{t('marketplace.station.systems')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.stations.map((station) => (
                <Table.Tr key={station.id}>
                  <Table.Td ff="monospace">{station.mountpoint}</Table.Td>
                  <Table.Td>{station.identifier || '—'}</Table.Td>
                  <Table.Td>
                    <Badge color={stationStatusColor[station.status]} variant="light">
                      {t(`networkStatus.state.${station.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {station.latitude !== null && station.longitude !== null
                      ? `${station.latitude.toFixed(4)}, ${station.longitude.toFixed(4)}`
                      : t('marketplace.station.noPosition')}
                  </Table.Td>
                  <Table.Td>{station.navSystem}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Stack>
  );
}
