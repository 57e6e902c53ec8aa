import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GooglePopupFailure, signInWithGooglePopup } from '../api/google-popup';

/** "Continue with Google": shown only when the server has Google sign-in configured. */
export function GoogleButton({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const mutation = useMutation({ mutationFn: signInWithGooglePopup, onSuccess });
  const error = mutation.error;
  const message =
    error instanceof GooglePopupFailure
      ? t(`auth.google.errors.${error.reason}`, { detail: error.detail ?? '' })
      : error
        ? t('auth.google.errors.network')
        : null;
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        leftSection={<IconBrandGoogle size={18} />}
        loading={mutation.isPending}
        onClick={() => mutation.mutate()}
      >
        {t('auth.google.button')}
      </Button>
      <Text size="xs" c="dimmed" ta="center">
        {t('auth.google.terms')}
      </Text>
      {message && <Alert color="red">{message}</Alert>}
      <Divider label={t('auth.google.or')} labelPosition="center" />
    </Stack>
  );
}
