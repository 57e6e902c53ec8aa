import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Status, statusColors, statusIcons } from './status-icon';

/** Spec 2: alerts, one look per status; errors are announced at once (role alert), others politely. */
export function AppAlert({
  status,
  title,
  children,
  onClose,
}: {
  status: Status;
  title?: ReactNode;
  children?: ReactNode;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  const Icon = statusIcons[status];
  return (
    <Alert
      color={statusColors[status]}
      icon={<Icon size={20} />}
      title={title}
      role={status === 'error' ? 'alert' : 'status'}
      withCloseButton={Boolean(onClose)}
      onClose={onClose}
      closeButtonLabel={t('errors.close')}
    >
      {children}
    </Alert>
  );
}
