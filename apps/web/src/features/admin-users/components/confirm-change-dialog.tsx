import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';

/**
 * A change to a user, confirmed: what it does, the server's refusal if any, Cancel (focused, so Enter never
 * confirms by accident) and the action, red when it takes something away.
 */
export function ConfirmChangeDialog({
  title,
  text,
  confirmLabel,
  isDestructive = false,
  error,
  isPending,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  isDestructive?: boolean;
  error: Error | null;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack>
        <Text size="sm">{text}</Text>
        {children}
        <ErrorAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('adminUsers.actions.cancel')}
          </Button>
          <Button color={isDestructive ? 'red' : undefined} loading={isPending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
