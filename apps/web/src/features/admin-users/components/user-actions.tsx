import type { AdminUserProfile } from '@fixpoint/shared';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCoins } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../session/use-auth';
import { useSetAdminUserRole, useSetAdminUserStatus } from '../api/update-admin-user';
import { ConfirmChangeDialog } from './confirm-change-dialog';
import { GrantCreditsDialog } from './grant-credits-dialog';

type Dialog = 'grant' | 'role' | 'status' | null;

/**
 * What an admin does about a user: grant credits (the page's one primary action), make or unmake an admin, disable
 * or enable. Each change is confirmed first and announced after. Nobody demotes or disables themselves: the server
 * refuses it, and the buttons are not offered.
 */
export function UserActions({ user }: { user: AdminUserProfile }) {
  const { t } = useTranslation();
  const { uid } = useAuth();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState('');
  const setRole = useSetAdminUserRole();
  const setStatus = useSetAdminUserStatus();
  const isSelf = uid === user.id;
  const isAdmin = user.role === 'admin';

  const close = () => {
    setDialog(null);
    setRole.reset();
    setStatus.reset();
    setReason('');
  };
  const done = (message: string) => {
    notifications.show({ color: 'green', message, closeButtonProps: { 'aria-label': t('errors.close') } });
    close();
  };

  return (
    <>
      <Stack gap={4} align="flex-end">
        <Group gap="sm">
          {!(isSelf && isAdmin) && (
            <Button variant="default" onClick={() => setDialog('role')}>
              {isAdmin ? t('adminUsers.actions.removeAdmin') : t('adminUsers.actions.makeAdmin')}
            </Button>
          )}
          {user.banned ? (
            <Button variant="default" onClick={() => setDialog('status')}>
              {t('adminUsers.actions.enable')}
            </Button>
          ) : (
            !isSelf && (
              <Button variant="light" color="red" onClick={() => setDialog('status')}>
                {t('adminUsers.actions.disable')}
              </Button>
            )
          )}
          <Button leftSection={<IconCoins size={16} aria-hidden />} onClick={() => setDialog('grant')}>
            {t('admin.users.grant')}
          </Button>
        </Group>
        {isSelf && (
          <Text size="xs" c="dimmed" ta="right">
            {t('adminUsers.actions.selfNote')}
          </Text>
        )}
      </Stack>

      {dialog === 'grant' && <GrantCreditsDialog user={user} onClose={close} />}

      {dialog === 'role' && (
        <ConfirmChangeDialog
          title={
            isAdmin
              ? t('adminUsers.actions.removeAdminTitle', { name: user.name })
              : t('adminUsers.actions.makeAdminTitle', { name: user.name })
          }
          text={isAdmin ? t('adminUsers.actions.removeAdminText') : t('adminUsers.actions.makeAdminText')}
          confirmLabel={isAdmin ? t('adminUsers.actions.removeAdmin') : t('adminUsers.actions.makeAdmin')}
          isDestructive={isAdmin}
          error={setRole.error}
          isPending={setRole.isPending}
          onClose={close}
          onConfirm={() =>
            setRole.mutate(
              { id: user.id, role: isAdmin ? 'user' : 'admin' },
              {
                onSuccess: () =>
                  done(
                    isAdmin
                      ? t('adminUsers.actions.adminRemoved', { name: user.name })
                      : t('adminUsers.actions.madeAdmin', { name: user.name }),
                  ),
              },
            )
          }
        />
      )}

      {dialog === 'status' &&
        (user.banned ? (
          <ConfirmChangeDialog
            title={t('adminUsers.actions.enableTitle', { name: user.name })}
            text={t('adminUsers.actions.enableText')}
            confirmLabel={t('adminUsers.actions.enable')}
            error={setStatus.error}
            isPending={setStatus.isPending}
            onClose={close}
            onConfirm={() =>
              setStatus.mutate(
                { id: user.id, status: 'active' },
                { onSuccess: () => done(t('adminUsers.actions.enabled', { name: user.name })) },
              )
            }
          />
        ) : (
          <ConfirmChangeDialog
            title={t('adminUsers.actions.disableTitle', { name: user.name })}
            text={t('adminUsers.actions.disableText')}
            confirmLabel={t('adminUsers.actions.disable')}
            isDestructive
            error={setStatus.error}
            isPending={setStatus.isPending}
            onClose={close}
            onConfirm={() =>
              setStatus.mutate(
                { id: user.id, status: 'disabled', reason: reason.trim() },
                { onSuccess: () => done(t('adminUsers.actions.disabled', { name: user.name })) },
              )
            }
          >
            <TextInput
              label={t('adminUsers.actions.reason')}
              description={t('adminUsers.actions.reasonHint')}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              maxLength={200}
            />
          </ConfirmChangeDialog>
        ))}
    </>
  );
}
