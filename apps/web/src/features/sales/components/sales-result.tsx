import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert } from '../../../components/app-alert';

/** A result view of the sales flow: its sentence in an alert, then its buttons. */
export function ResultBody({
  status,
  text,
  hint,
  children,
}: {
  status: 'success' | 'error';
  text: string;
  /** A second sentence, when there is more to say than the spec's text. */
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="md">
      <AppAlert status={status}>{text}</AppAlert>
      {hint && <Text size="sm">{hint}</Text>}
      <Group justify="flex-end" gap="sm">
        {children}
      </Group>
    </Stack>
  );
}

/** Spec 8: 'An Unexpected Error Occurred' with Close; also what the flow's error boundary shows. */
export function UnexpectedErrorBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ResultBody status="error" text={t('errors.unexpected.description')}>
      <Button onClick={onClose} data-autofocus>
        {t('errors.close')}
      </Button>
    </ResultBody>
  );
}

/** The unexpected error as its own dialog: what the flow's error boundary shows (sales-dialogs.tsx). */
export function UnexpectedErrorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('errors.unexpected.title')} centered>
      <UnexpectedErrorBody onClose={onClose} />
    </Modal>
  );
}
