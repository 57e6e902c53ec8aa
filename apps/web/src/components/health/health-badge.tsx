import type { AccountHealth, FixState, HealthReason, HealthStatus } from '@fixpoint/shared';
import { Badge, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { fixStateColors } from '../../lib/maps/palette';

/** One colour per health status, on the owner's and the admin's pages alike. */
export const healthColor: Record<HealthStatus, string> = {
  good: 'green',
  limited: 'yellow',
  'action-required': 'red',
  unknown: 'gray',
};

/** One colour per fix state: the share bar's sections, as the fleet map's rover dots. */
export const fixColor = fixStateColors;

const barStates: FixState[] = ['fixed', 'float', 'dgps', 'single', 'none'];

/** A reason in the reader's language (`fleet.reasons.<code>` with the reason's values); English from the API as a fallback. */
export const reasonText = (t: TFunction, reason: HealthReason) =>
  t(`fleet.reasons.${reason.code}`, { ...reason.values, defaultValue: reason.text });

export function HealthBadge({ status }: { status: HealthStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={healthColor[status]} variant="light" data-health={status}>
      {t(`fleet.status.${status}`)}
    </Badge>
  );
}

/** The fix shares as one thin bar (fixed, float, DGPS, single, none), each section named in its tooltip. */
export function FixShareBar({ fix, width = 120 }: { fix: AccountHealth['fix']; width?: number | string }) {
  const { t } = useTranslation();
  const label = barStates
    .filter((state) => fix[state] > 0)
    .map((state) => `${t(`fleet.fix.${state}`)} ${Math.round(fix[state] * 100)}%`)
    .join(', ');
  if (!label) return null;
  return (
    <Progress.Root size="sm" w={width} role="img" aria-label={label}>
      {barStates.map((state) =>
        fix[state] > 0 ? (
          <Tooltip key={state} label={`${t(`fleet.fix.${state}`)} ${Math.round(fix[state] * 100)}%`}>
            <Progress.Section value={fix[state] * 100} color={fixColor[state]} />
          </Tooltip>
        ) : null,
      )}
    </Progress.Root>
  );
}

/** The badge, the first reason in words and the fix share bar: what each NTRIP account shows in a card or a row. */
export function HealthSummary({ health }: { health: AccountHealth | undefined }) {
  const { t } = useTranslation();
  if (!health) return null;
  const [first] = health.reasons;
  return (
    <Stack gap={4} data-testid="account-health">
      <Group gap="xs" wrap="nowrap">
        <HealthBadge status={health.status} />
        <FixShareBar fix={health.fix} width={80} />
      </Group>
      {first && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {reasonText(t, first)}
        </Text>
      )}
    </Stack>
  );
}
