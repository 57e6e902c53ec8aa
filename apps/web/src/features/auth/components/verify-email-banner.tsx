import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppAlert } from '../../../components/app-alert';
import { ErrorAlert } from '../../../components/error-alert';
import { sendVerificationEmail, userOverviewQueryOptions } from '../../../session/auth-api';

/**
 * Until the person has opened the link mailed at sign-up: what waits on it, and Resend for a new link. A link that
 * failed comes back here with `?error=` (expired, invalid) and is said so (docs/decisions/0061).
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const overview = useQuery(userOverviewQueryOptions());
  const resend = useMutation({ mutationFn: sendVerificationEmail });
  const email = overview.data?.email;
  if (overview.data?.emailVerified !== false || !email) return null;

  const linkError = searchParams.get('error');
  return (
    <AppAlert status="warning" title={t('verifyEmail.title')}>
      <Stack gap="sm">
        {linkError && (
          <Text size="sm">{t(`errors.api.${linkError}`, { defaultValue: t('errors.api.INVALID_TOKEN') })}</Text>
        )}
        <Text size="sm">{resend.isSuccess ? t('verifyEmail.sent', { email }) : t('verifyEmail.text', { email })}</Text>
        <ErrorAlert error={resend.error} />
        <Group>
          <Button
            variant="default"
            size="xs"
            loading={resend.isPending}
            onClick={() => resend.mutate(email)}
            data-testid="verify-email-resend"
          >
            {t('verifyEmail.resend')}
          </Button>
        </Group>
      </Stack>
    </AppAlert>
  );
}
