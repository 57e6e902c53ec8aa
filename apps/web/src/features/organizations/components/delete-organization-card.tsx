import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteOrganization } from '../api/org-members-api';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Owners only: deleting the organisation, confirmed by typing its name. The server refuses while subscriptions
 * still run; its reason shows in the dialog.
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
  const remove = useMutation({ mutationFn: () => deleteOrganization(orgId), onSuccess: onDeleted });
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
          onConfirm={() => remove.mutate()}
          onClose={() => {
            setConfirming(false);
            setTyped('');
            remove.reset();
          }}
        >
          <TextInput
            label={t('orgMembers.delete.typeName', { name: orgName })}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
          />
        </ConfirmDialog>
      )}
    </Card>
  );
}
