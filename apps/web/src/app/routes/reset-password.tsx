import { checkPassword } from '@fixpoint/shared';
import { Alert, Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { authConfigQueryOptions, resetPassword } from '../../session/auth-api';

/** Where the reset e-mail's link lands (with ?token=…, or ?error=INVALID_TOKEN when it expired or was used). */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  usePageTitle(t('auth.resetTitle'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const config = useQuery(authConfigQueryOptions());
  const mutation = useMutation({ mutationFn: resetPassword });
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: (value) =>
        config.data && checkPassword(config.data.passwordPolicy, value).length > 0
          ? t('auth.validation.shortPassword', { min: config.data.passwordPolicy.minLength })
          : null,
      confirmPassword: (value, values) => (value === values.password ? null : t('auth.validation.passwordMismatch')),
    },
  });

  return (
    <Card withBorder maw={440} mx="auto" mt="xl" padding="lg">
      <Stack>
        <Title order={1} size="h3">
          {t('auth.resetTitle')}
        </Title>
        {!token ? (
          <Alert color="red">{t('auth.resetInvalid')}</Alert>
        ) : mutation.isSuccess ? (
          <Stack>
            <Alert color="green">{t('auth.resetDone')}</Alert>
            <Button component={Link} to={paths.login.getHref()}>
              {t('nav.logIn')}
            </Button>
          </Stack>
        ) : (
          <form onSubmit={form.onSubmit((values) => mutation.mutate({ token, newPassword: values.password }))}>
            <Stack>
              <ErrorAlert error={mutation.error} />
              <PasswordInput
                label={t('auth.newPassword')}
                autoComplete="new-password"
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label={t('auth.confirmPassword')}
                autoComplete="new-password"
                {...form.getInputProps('confirmPassword')}
              />
              <Button
                type="submit"
                loading={mutation.isPending}
                disabled={!form.values.password || !form.values.confirmPassword}
              >
                {t('auth.setPassword')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
