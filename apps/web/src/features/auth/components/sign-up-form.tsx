import {
  checkPassword,
  emailPattern,
  type PasswordPolicy,
  usernameMaxLength,
  usernameMinLength,
} from '@fixpoint/shared';
import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { TermsLink } from '../../../components/legal/terms-link';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { signUp } from '../../../session/auth-api';

export function SignUpForm({
  policy,
  onSuccess,
  onSwitchToSignIn,
}: {
  policy: PasswordPolicy;
  onSuccess: () => void;
  onSwitchToSignIn: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', username: '', password: '', confirmPassword: '', terms: false },
    validate: {
      email: (value) => (emailPattern.test(value.trim()) ? null : t('auth.validation.invalidEmail')),
      username: (value) =>
        value.trim().length >= usernameMinLength
          ? null
          : t('auth.validation.shortUsername', { min: usernameMinLength }),
      password: (value) => {
        const broken = checkPassword(policy, value);
        if (broken.length === 0) return null;
        return broken[0] === 'minLength'
          ? t('auth.validation.shortPassword', { min: policy.minLength })
          : t(`auth.validation.passwordRule.${broken[0]}`, { max: policy.maxLength });
      },
      confirmPassword: (value, values) => (value === values.password ? null : t('auth.validation.passwordMismatch')),
    },
  });
  const mutation = useMutation({ mutationFn: signUp, onSuccess });
  const { email, username, password, confirmPassword, terms } = form.values;
  const canSubmit = Boolean(email.trim() && username.trim() && password && confirmPassword && terms);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        mutation.mutate({ email: values.email.trim(), name: values.username.trim(), password: values.password }),
      )}
    >
      <Stack gap="sm">
        {mutation.isPending && <Alert color="blue">{t('auth.creatingAccount')}</Alert>}
        {mutation.isError && (
          <Alert color="red" title={t('auth.signUpFailed')}>
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
        <TextInput
          label={t('auth.username')}
          autoComplete="nickname"
          required
          maxLength={usernameMaxLength}
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label={t('auth.password')}
          description={t('auth.passwordHint', { min: policy.minLength })}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('auth.confirmPassword')}
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Checkbox
          label={<Trans i18nKey="auth.acceptTerms" components={{ terms: <TermsLink newTab /> }} />}
          {...form.getInputProps('terms', { type: 'checkbox' })}
        />
        <Button type="submit" disabled={!canSubmit} loading={mutation.isPending}>
          {t('nav.signUp')}
        </Button>
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" onClick={onSwitchToSignIn}>
            {t('auth.haveAccount')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
