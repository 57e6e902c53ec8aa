import { emailPattern } from '@fixpoint/shared';
import { Alert, Button, Card, Group, Modal, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/hooks/use-auth';
import { changeEmail, changePassword, deleteAccount, updateName } from '../api/account-api';

/** The user's own account: display name, e-mail, password, and deleting the account. */
export function AccountSettings() {
  const { t } = useTranslation();
  const auth = useAuth();
  const [name, setName] = useState(auth.username);
  const [email, setEmail] = useState(auth.email);
  const [passwords, setPasswords] = useState({ currentPassword: '', newPassword: '' });
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const [deletePassword, setDeletePassword] = useState('');

  const nameMutation = useMutation({ mutationFn: updateName, onSuccess: () => auth.refetch() });
  const emailMutation = useMutation({ mutationFn: changeEmail, onSuccess: () => auth.refetch() });
  const passwordMutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => setPasswords({ currentPassword: '', newPassword: '' }),
  });
  const deleteMutation = useMutation({ mutationFn: deleteAccount, onSuccess: () => auth.refetch() });

  const submit = (run: () => void) => (event: FormEvent) => {
    event.preventDefault();
    run();
  };

  return (
    <Stack gap="lg" maw={640}>
      <Card withBorder padding="lg">
        <form onSubmit={submit(() => nameMutation.mutate(name.trim()))}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('settings.profile')}
            </Title>
            {nameMutation.isSuccess && <Alert color="green">{t('settings.saved')}</Alert>}
            {nameMutation.isError && <Alert color="red">{nameMutation.error.message}</Alert>}
            <TextInput label={t('auth.username')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <Group>
              <Button type="submit" disabled={name.trim().length < 3} loading={nameMutation.isPending}>
                {t('settings.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      <Card withBorder padding="lg">
        <form onSubmit={submit(() => emailMutation.mutate(email.trim()))}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('auth.email')}
            </Title>
            {emailMutation.isSuccess && <Alert color="green">{t('settings.emailChanged')}</Alert>}
            {emailMutation.isError && <Alert color="red">{emailMutation.error.message}</Alert>}
            <TextInput
              label={t('auth.email')}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Group>
              <Button
                type="submit"
                disabled={!emailPattern.test(email.trim()) || email.trim() === auth.email}
                loading={emailMutation.isPending}
              >
                {t('settings.changeEmail')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      <Card withBorder padding="lg">
        <form onSubmit={submit(() => passwordMutation.mutate(passwords))}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('auth.password')}
            </Title>
            {passwordMutation.isSuccess && <Alert color="green">{t('settings.passwordChanged')}</Alert>}
            {passwordMutation.isError && <Alert color="red">{passwordMutation.error.message}</Alert>}
            <PasswordInput
              label={t('settings.currentPassword')}
              autoComplete="current-password"
              value={passwords.currentPassword}
              onChange={(e) => setPasswords({ ...passwords, currentPassword: e.currentTarget.value })}
            />
            <PasswordInput
              label={t('auth.newPassword')}
              autoComplete="new-password"
              value={passwords.newPassword}
              onChange={(e) => setPasswords({ ...passwords, newPassword: e.currentTarget.value })}
            />
            <Group>
              <Button
                type="submit"
                disabled={!passwords.currentPassword || !passwords.newPassword}
                loading={passwordMutation.isPending}
              >
                {t('settings.changePassword')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4" c="red.9">
            {t('settings.deleteTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.deleteWarning')}
          </Text>
          <Group>
            <Button color="red" variant="light" onClick={() => setDeleteOpen(true)}>
              {t('settings.deleteAccount')}
            </Button>
          </Group>
        </Stack>
      </Card>

      <Modal opened={isDeleteOpen} onClose={() => setDeleteOpen(false)} title={t('settings.deleteTitle')} centered>
        <form onSubmit={submit(() => deleteMutation.mutate(deletePassword))}>
          <Stack gap="sm">
            <Text size="sm">{t('settings.deleteConfirm')}</Text>
            {deleteMutation.isError && <Alert color="red">{deleteMutation.error.message}</Alert>}
            <PasswordInput
              label={t('settings.currentPassword')}
              value={deletePassword}
              onChange={(e) => setDeletePassword(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleteOpen(false)}>
                {t('errors.close')}
              </Button>
              <Button type="submit" color="red" disabled={!deletePassword} loading={deleteMutation.isPending}>
                {t('settings.deleteAccount')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
