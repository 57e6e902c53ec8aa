import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { requestPasswordReset } from '../../../session/auth-api';

export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: requestPasswordReset });

  if (mutation.isSuccess) {
    return (
      <Stack gap="sm">
        <Alert color="green" title={t('auth.resetSentTitle')}>
          {t('auth.resetSent', { email: email.trim() })}
        </Alert>
        <Button variant="default" onClick={onBack}>
          {t('auth.backToSignIn')}
        </Button>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!email.trim()) {
          setError(t('auth.validation.enterEmail'));
          return;
        }
        setError(null);
        mutation.mutate(email.trim());
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('auth.resetIntro')}
        </Text>
        {mutation.isError && <Alert color="red">{apiErrorMessage(mutation.error, t)}</Alert>}
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          value={email}
          error={error}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Button type="submit" loading={mutation.isPending}>
          {t('auth.sendResetLink')}
        </Button>
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" onClick={onBack}>
            {t('auth.backToSignIn')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
