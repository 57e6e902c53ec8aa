import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert } from '../../../components/app-alert';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';

/** A destructive step, confirmed: what happens, the server's refusal if any, Cancel (focused) and the red action. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  error,
  isPending,
  isConfirmDisabled = false,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  error: Error | null;
  isPending: boolean;
  isConfirmDisabled?: boolean;
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
        {error && <ActionError error={error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('orgMembers.cancel')}
          </Button>
          <Button color="red" loading={isPending} disabled={isConfirmDisabled} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A refused change in plain words: the server's message, titled when the organisation would lose its last owner. */
export function ActionError({ error }: { error: Error }) {
  const { t } = useTranslation();
  const isLastOwner = error instanceof ApiError && error.code === 'LAST_OWNER';
  return (
    <AppAlert status="error" title={isLastOwner ? t('orgMembers.lastOwner') : undefined}>
      {apiErrorMessage(error, t)}
    </AppAlert>
  );
}
