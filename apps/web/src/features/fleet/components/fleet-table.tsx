import type { AccountHealth } from '@fixpoint/shared';
import { Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FixShareBar, HealthBadge, reasonText } from '../../../components/health/health-badge';
import { type FleetSort, sortFleet } from '../lib/fleet-view';

/** Every rover's health in a table sortable by health (the default: most urgent first), name, fixed share, last seen. */
export function FleetTable({ accounts, emptyText }: { accounts: AccountHealth[]; emptyText: string }) {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<{ by: FleetSort; isDescending: boolean }>({ by: 'health', isDescending: false });
  if (accounts.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  const rows = sortFleet(accounts, sort.by, sort.isDescending);
  const header = (by: FleetSort, label: string) => {
    const isActive = sort.by === by;
    const Icon = !isActive ? IconArrowsSort : sort.isDescending ? IconArrowUp : IconArrowDown;
    return (
      <Table.Th aria-sort={isActive ? (sort.isDescending ? 'descending' : 'ascending') : 'none'}>
        <UnstyledButton
          onClick={() => setSort({ by, isDescending: isActive ? !sort.isDescending : false })}
          fw={600}
          fz="sm"
        >
          <Group gap={4} wrap="nowrap">
            {label}
            <Icon size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" data-testid="fleet-table">
        <Table.Thead>
          <Table.Tr>
            {header('name', t('fleet.columns.account'))}
            {header('health', t('fleet.columns.health'))}
            {header('fixed', t('fleet.columns.fix'))}
            <Table.Th>{t('fleet.columns.timeToFix')}</Table.Th>
            <Table.Th>{t('fleet.columns.base')}</Table.Th>
            {header('lastSeen', t('fleet.columns.lastSeen'))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((health) => (
            <Table.Tr key={health.accountId} data-account={health.accountName}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {health.accountName}
                </Text>
                <Text size="xs" c="dimmed">
                  {health.username}
                </Text>
              </Table.Td>
              <Table.Td maw={320}>
                <Stack gap={2}>
                  <HealthBadge status={health.status} />
                  {health.reasons[0] && (
                    <Text size="xs" c="dimmed">
                      {reasonText(t, health.reasons[0])}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <FixShareBar fix={health.fix} width={90} />
                  <Text size="xs">{Math.round(health.fix.fixed * 100)}%</Text>
                </Group>
              </Table.Td>
              <Table.Td>{health.timeToFirstFixS === null ? '–' : `${Math.round(health.timeToFirstFixS)} s`}</Table.Td>
              <Table.Td>
                {health.station ? health.station.mountpoint : '–'}
                {health.baseDistanceKm !== null && (
                  <Text size="xs" c="dimmed">
                    {`${Math.round(health.baseDistanceKm * 10) / 10} km`}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {health.isConnected
                  ? t('fleet.connected')
                  : health.lastPosition
                    ? new Date(health.lastPosition.at).toLocaleString(i18n.language)
                    : '–'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
