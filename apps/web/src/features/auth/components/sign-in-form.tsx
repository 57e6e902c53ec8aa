import { emailPattern } from '@fixpoint/shared';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { signIn } from '../../../session/auth-api';

export function SignInForm({
  minPasswordLength,
  onSuccess,
  onForgotPassword,
  onSwitchToSignUp,
}: {
  minPasswordLength: number;
  onSuccess: () => void;
  onForgotPassword: (email: string) => void;
  onSwitchToSignUp: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (emailPattern.test(value.trim()) ? null : t('auth.validation.invalidEmail')),
      password: (value) =>
        value.length >= minPasswordLength ? null : t('auth.validation.invalidPassword', { min: minPasswordLength }),
    },
  });
  const mutation = useMutation({ mutationFn: signIn, onSuccess });
  const canSubmit = form.values.email.trim() !== '' && form.values.password !== '';

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => mutation.mutate({ email: values.email.trim(), password: values.password }))}
    >
      <Stack gap="sm">
        {mutation.isPending && <Alert color="blue">{t('auth.signingIn')}</Alert>}
        {mutation.isError && (
          <Alert color="red" title={t('auth.signInFailed')}>
            {apiErrorMessage(mutation.error, t)}
          </Alert>
        )}
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('auth.password')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={() => onForgotPassword(form.values.email)}>
            {t('auth.forgotPassword')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onSwitchToSignUp}>
            {t('auth.noAccount')}
          </Anchor>
        </Group>
        <Button type="submit" disabled={!canSubmit} loading={mutation.isPending}>
          {t('nav.logIn')}
        </Button>
      </Stack>
    </form>
  );
}
