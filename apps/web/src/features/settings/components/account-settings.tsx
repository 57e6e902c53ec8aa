import { emailPattern, usernameMaxLength } from '@fixpoint/shared';
import { Button, Card, Group, Modal, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { FormCard } from '../../../components/form-card';
import { useAuth } from '../../../session/use-auth';
import { changeEmail, changePassword, deleteAccount, updateName } from '../api/account-api';

/**
 * The user's own account, in the settings' two sections (docs/decisions/0051): the profile (display name) and
 * security (e-mail, password, and deleting the account).
 */
export function AccountSettings({ section }: { section: 'profile' | 'security' }) {
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

  // These act on the signed-in person's own identity: a 401 means the session is gone (spec 8).
  const signedOutText = t('errors.auth.notLoggedIn');

  const submit = (run: () => void) => (event: FormEvent) => {
    event.preventDefault();
    run();
  };

  return (
    <Stack gap="lg" maw={640}>
      {section === 'profile' ? (
        <FormCard
          title={t('settings.profile')}
          mutation={nameMutation}
          successText={t('settings.saved')}
          submitLabel={t('settings.save')}
          isSubmitDisabled={name.trim().length < 3}
          onSubmit={() => nameMutation.mutate(name.trim())}
          signedOutText={signedOutText}
        >
          <TextInput
            label={t('auth.username')}
            value={name}
            maxLength={usernameMaxLength}
            onChange={(e) => setName(e.currentTarget.value)}
          />
        </FormCard>
      ) : (
        <>
          <FormCard
            title={t('auth.email')}
            mutation={emailMutation}
            successText={t('settings.emailChanged')}
            submitLabel={t('settings.changeEmail')}
            isSubmitDisabled={!emailPattern.test(email.trim()) || email.trim() === auth.email}
            onSubmit={() => emailMutation.mutate(email.trim())}
            signedOutText={signedOutText}
          >
            <TextInput
              label={t('auth.email')}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
          </FormCard>

          <FormCard
            title={t('auth.password')}
            mutation={passwordMutation}
            successText={t('settings.passwordChanged')}
            submitLabel={t('settings.changePassword')}
            isSubmitDisabled={!passwords.currentPassword || !passwords.newPassword}
            onSubmit={() => passwordMutation.mutate(passwords)}
            signedOutText={signedOutText}
          >
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
          </FormCard>

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
                <ErrorAlert error={deleteMutation.error} signedOutText={signedOutText} />
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
        </>
      )}
    </Stack>
  );
}
