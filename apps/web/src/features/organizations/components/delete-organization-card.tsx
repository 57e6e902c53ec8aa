import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteOrganization } from '../../../api/org-members-api';
import { usePendingDialog } from '../../../components/pending-dialog';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Owners only: deleting the organisation, confirmed by typing its name, then a pending dialog (spec 4) with the
 * outcome: deleted (its button leads on, `onDeleted`), or the server's reason, e.g. subscriptions still running.
 */
export function DeleteOrganizationCard({
  orgId,
  orgName,
  onDeleted,
}: {
  orgId: string;
  orgName: string;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [isConfirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useMutation({ mutationFn: () => deleteOrganization(orgId) });
  const pending = usePendingDialog();
  const closeConfirmation = () => {
    setConfirming(false);
    setTyped('');
    remove.reset();
  };
  const onConfirm = async () => {
    closeConfirmation();
    const outcome = await pending.run(remove.mutateAsync(), {
      loadingText: t('orgMembers.delete.pending', { name: orgName }),
      success: {
        title: t('orgMembers.delete.doneTitle'),
        message: t('orgMembers.delete.doneText', { name: orgName }),
        closeLabel: t('orgMembers.toDashboard'),
        onClose: onDeleted,
      },
      failure: { title: t('orgMembers.delete.failedTitle') },
    });
    // Dismissed while it ran: the organisation is gone all the same, and so are its pages.
    if (outcome.isOk && outcome.isDismissed) onDeleted();
    // The failure view said why; the confirmation keeps it only when the dialog was dismissed before.
    if (!outcome.isOk && !outcome.isDismissed) remove.reset();
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="org-delete-title">
      <Group justify="space-between" gap="md">
        <Stack gap={4} style={{ flex: '1 1 320px' }}>
          <Title order={2} size="h4" id="org-delete-title">
            {t('orgMembers.delete.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('orgMembers.delete.intro')}
          </Text>
        </Stack>
        <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
          {t('orgMembers.delete.open')}
        </Button>
      </Group>
      {isConfirming && (
        <ConfirmDialog
          title={t('orgMembers.delete.confirmTitle', { name: orgName })}
          text={t('orgMembers.delete.confirmText')}
          confirmLabel={t('orgMembers.delete.confirm')}
          error={remove.error}
          isPending={remove.isPending}
          isConfirmDisabled={typed.trim() !== orgName.trim()}
          onConfirm={() => void onConfirm()}
          onClose={closeConfirmation}
        >
          <TextInput
            label={t('orgMembers.delete.typeName', { name: orgName })}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
          />
        </ConfirmDialog>
      )}
      {pending.dialog}
    </Card>
  );
}
