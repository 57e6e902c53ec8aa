import { ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type Status = 'success' | 'warning' | 'error' | 'info';

export const statusColors: Record<Status, string> = { success: 'green', warning: 'orange', error: 'red', info: 'blue' };
export const statusIcons = {
  success: IconCircleCheck,
  warning: IconAlertTriangle,
  error: IconCircleX,
  info: IconInfoCircle,
} as const;

/** Spec 2: a status icon (success, warning, error, info), labelled for screen readers. */
export function StatusIcon({ status, size = 28 }: { status: Status; size?: number }) {
  const { t } = useTranslation();
  const Icon = statusIcons[status];
  return (
    <ThemeIcon
      color={statusColors[status]}
      variant="light"
      radius="xl"
      size={size}
      role="img"
      aria-label={t(`status.${status}`)}
      data-status={status}
    >
      <Icon size={Math.round(size * 0.65)} stroke={1.8} />
    </ThemeIcon>
  );
}
