import type { StationStatus } from '@fixpoint/shared';
import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconActivityHeartbeat } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingFallback } from '../../../components/loading-fallback';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { paths } from '../../../config/paths';
import { statusQueryOptions } from '../api/status-api';

const stateColor: Record<StationStatus, string> = { up: 'green', degraded: 'orange', down: 'red' };

/** The public status page: every public network and station, up / degraded / down now, uptime over 7 and 30 days. */
export function StatusPage() {
  const { t, i18n } = useTranslation();
  const status = useQuery(statusQueryOptions());
  const percent = (share: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(share);

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeading
        title={t('networkStatus.heading')}
        icon={IconActivityHeartbeat}
        description={t('networkStatus.intro')}
        actions={
          <Anchor component={Link} to={paths.marketplace.getHref()}>
            {t('networkStatus.marketplaceLink')}
          </Anchor>
        }
      />
      {status.isPending ? (
        <LoadingFallback />
      ) : status.isError ? (
        <QueryErrorAlert query={status} />
      ) : status.data.networks.length === 0 ? (
        <Text c="dimmed">{t('networkStatus.empty')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('networkStatus.updated', { time: new Date(status.data.generatedAt).toLocaleTimeString(i18n.language) })}
          </Text>
          {status.data.networks.map((network) => (
            <Card key={network.id} withBorder radius="md" padding="lg" component="section" aria-label={network.name}>
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start">
                  <Stack gap={2}>
                    <Title order={2} size="h4">
                      <Anchor component={Link} to={paths.network.getHref(network.id)} inherit>
                        {network.name}
                      </Anchor>
                    </Title>
                    {network.operator && (
                      <Text size="sm" c="dimmed">
                        {network.operator}
                      </Text>
                    )}
                  </Stack>
                  <Group gap="md">
                    <Text size="sm">
                      {t('networkStatus.uptime7d')}: <strong>{percent(network.uptime7d)}</strong>
                    </Text>
                    <Text size="sm">
                      {t('networkStatus.uptime30d')}: <strong>{percent(network.uptime30d)}</strong>
                    </Text>
                    <Badge size="lg" color={stateColor[network.status]} variant="light" data-status={network.status}>
                      {t(`networkStatus.state.${network.status}`)}
                    </Badge>
                  </Group>
                </Group>
                <Table.ScrollContainer minWidth={520}>
                  <Table striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('networkStatus.station')}</Table.Th>
                        <Table.Th>{t('networkStatus.place')}</Table.Th>
                        <Table.Th>{t('networkStatus.now')}</Table.Th>
                        <Table.Th>{t('networkStatus.uptime7d')}</Table.Th>
                        <Table.Th>{t('networkStatus.uptime30d')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {network.stations.map((station) => (
                        <Table.Tr key={station.id} data-station={station.mountpoint}>
                          <Table.Td ff="monospace">{station.mountpoint}</Table.Td>
                          <Table.Td>{station.identifier || '—'}</Table.Td>
                          <Table.Td>
                            <Badge color={stateColor[station.status]} variant="light" data-status={station.status}>
                              {t(`networkStatus.state.${station.status}`)}
                            </Badge>
                          </Table.Td>
                          <Table.Td>{percent(station.uptime7d)}</Table.Td>
                          <Table.Td>{percent(station.uptime30d)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Stack>
            </Card>
          ))}
        </>
      )}
    </Stack>
  );
}
