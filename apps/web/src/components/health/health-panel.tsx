import type { AccountHealth } from '@fixpoint/shared';
import { Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FixShareBar, HealthBadge, reasonText } from './health-badge';

const orDash = (value: number | null, unit = '') => (value === null ? '–' : `${value}${unit}`);

/**
 * One account's health in full (its drawer): the badge, every reason in words, the fix shares and the numbers they
 * come from. Only aggregates and the last position: the rover's track is not kept (decision 0079).
 */
export function HealthPanel({ health }: { health: AccountHealth }) {
  const { t, i18n } = useTranslation();
  const pct = (share: number) => `${Math.round(share * 100)}%`;
  const facts: [string, string][] = [
    [t('fleet.facts.fixed'), pct(health.fix.fixed)],
    [t('fleet.facts.float'), pct(health.fix.float)],
    [t('fleet.facts.other'), pct(health.fix.dgps + health.fix.single + health.fix.none)],
    [t('fleet.facts.timeToFix'), orDash(health.timeToFirstFixS, ' s')],
    [
      t('fleet.facts.correctionAge'),
      health.correctionAgeS.p50 === null ? '–' : `${health.correctionAgeS.p50} s / ${health.correctionAgeS.p95} s`,
    ],
    [t('fleet.facts.satellites'), orDash(health.satellites)],
    [t('fleet.facts.hdop'), orDash(health.hdop)],
    [
      t('fleet.facts.baseDistance'),
      orDash(health.baseDistanceKm === null ? null : Math.round(health.baseDistanceKm * 10) / 10, ' km'),
    ],
  ];
  return (
    <Stack gap="sm" data-testid="health-panel">
      <Group gap="sm">
        <HealthBadge status={health.status} />
        <FixShareBar fix={health.fix} width={200} />
      </Group>
      <List size="sm" spacing={4}>
        {health.reasons.map((reason) => (
          <List.Item key={reason.code}>{reasonText(t, reason)}</List.Item>
        ))}
      </List>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={500}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {health.lastPosition
          ? t('fleet.lastPosition', {
              lat: health.lastPosition.lat.toFixed(5),
              lon: health.lastPosition.lon.toFixed(5),
              date: new Date(health.lastPosition.at).toLocaleString(i18n.language),
            })
          : t('fleet.noPosition')}{' '}
        {t('fleet.windowNote')}
      </Text>
    </Stack>
  );
}
