import { Modal, Skeleton, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { track } from '../../../lib/analytics';
import { authConfigQueryOptions, authKeys, getUserOverview } from '../../../session/auth-api';
import type { AuthFormMode } from '../../../session/return-path';
import { ForgotPasswordForm } from './forgot-password-form';
import { GoogleButton } from './google-button';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

/**
 * The spec's auth modal: sign-in and sign-up forms that switch, and forgot password from sign-in. Which form shows
 * is the address's (/login, /signup), so switching is the caller's `onModeChange`; forgot password is a step of
 * sign-in, not an address. Signing in calls `onAuthenticated` at once, then `onSignedIn` once the session is read.
 */
export function AuthModal({
  mode: formMode,
  onModeChange,
  onClose,
  onAuthenticated,
  onSignedIn,
}: {
  mode: AuthFormMode;
  onModeChange: (mode: AuthFormMode) => void;
  onClose: () => void;
  onAuthenticated?: () => void;
  onSignedIn: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = useQuery(authConfigQueryOptions());
  const [isForgotPassword, setForgotPassword] = useState(false);
  const [resetEmail, setResetEmail] = useState('');
  const mode = formMode === 'signIn' && isForgotPassword ? 'forgotPassword' : formMode;

  async function onCredentialsAccepted() {
    onAuthenticated?.();
    await queryClient.invalidateQueries({ queryKey: authKeys.session() });
    try {
      const overview = await queryClient.fetchQuery({ queryKey: authKeys.user(), queryFn: () => getUserOverview() });
      track('login', { userId: overview.id, userRole: overview.isAdmin ? 'admin' : 'user' });
    } catch {
      // The organisations call failing only leaves teams and isAdmin undefined (spec 4).
    }
    onSignedIn();
  }

  const titles: Record<typeof mode, string> = {
    signIn: t('auth.signInTitle'),
    signUp: t('auth.signUpTitle'),
    forgotPassword: t('auth.forgotPasswordTitle'),
  };

  return (
    <Modal opened onClose={onClose} title={titles[mode]} centered size="md">
      {config.isError ? (
        // Without its settings (the password rules, the providers) the sign-in cannot start: spec 8's text, and Retry.
        <QueryErrorAlert query={config} title={t('errors.auth.notInitialized')} />
      ) : !config.data ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('app.loading')}>
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} width="40%" />
        </Stack>
      ) : mode === 'signIn' ? (
        <>
          {config.data.providers.google && <GoogleButton onSuccess={onCredentialsAccepted} />}
          <SignInForm
            minPasswordLength={config.data.passwordPolicy.minLength}
            onSuccess={onCredentialsAccepted}
            onForgotPassword={(email) => {
              setResetEmail(email);
              setForgotPassword(true);
            }}
            onSwitchToSignUp={() => onModeChange('signUp')}
          />
        </>
      ) : mode === 'signUp' ? (
        <>
          {config.data.providers.google && <GoogleButton onSuccess={onCredentialsAccepted} />}
          <SignUpForm
            policy={config.data.passwordPolicy}
            onSuccess={onCredentialsAccepted}
            onSwitchToSignIn={() => onModeChange('signIn')}
          />
        </>
      ) : (
        <ForgotPasswordForm initialEmail={resetEmail} onBack={() => setForgotPassword(false)} />
      )}
    </Modal>
  );
}
