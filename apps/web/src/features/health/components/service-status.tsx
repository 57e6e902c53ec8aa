import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useHealthState } from '../../../api/get-health';

/** Live status of the service, from GET /api/health (a 503 still carries the degraded report). */
export function ServiceStatus() {
  const { t } = useTranslation();
  const state = useHealthState();
  const color = { ok: 'green', degraded: 'yellow', unreachable: 'red', unknown: 'gray' }[state];
  return (
    <Group gap="xs" aria-live="polite">
      <Text size="sm" c="dimmed">
        {t('dashboard.status.label')}
      </Text>
      <Badge color={color} variant="light" data-testid="service-status" data-state={state}>
        {t(`dashboard.status.${state}`)}
      </Badge>
    </Group>
  );
}
