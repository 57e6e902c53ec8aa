import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useHealth } from '../../../api/get-health';
import { ApiError } from '../../../lib/api-client';

/** Live status of the service, from GET /api/health (a 503 still carries the degraded report). */
export function ServiceStatus() {
  const { t } = useTranslation();
  const health = useHealth();
  const state =
    health.data?.status ??
    (health.error instanceof ApiError && health.error.status === 503
      ? 'degraded'
      : health.isError
        ? 'unreachable'
        : 'unknown');
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
