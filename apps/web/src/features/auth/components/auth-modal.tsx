import { Center, Loader, Modal } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics';
import { authConfigQueryOptions, authKeys, getUserOverview } from '../api/auth-api';
import { ForgotPasswordForm } from './forgot-password-form';
import { GoogleButton } from './google-button';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

export type AuthMode = 'signIn' | 'signUp' | 'forgotPassword';

/** The spec's auth modal: sign-in and sign-up forms that switch, and forgot password from sign-in. */
export function AuthModal({ initialMode, onClose }: { initialMode: AuthMode; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = useQuery(authConfigQueryOptions());
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [resetEmail, setResetEmail] = useState('');

  async function onSignedIn() {
    await queryClient.invalidateQueries({ queryKey: authKeys.session() });
    try {
      const overview = await queryClient.fetchQuery({ queryKey: authKeys.user(), queryFn: () => getUserOverview() });
      track('login', { userId: overview.id, userRole: overview.isAdmin ? 'admin' : 'user' });
    } catch {
      // The organisations call failing only leaves teams and isAdmin undefined (spec 4).
    }
    onClose();
  }

  const titles: Record<AuthMode, string> = {
    signIn: t('auth.signInTitle'),
    signUp: t('auth.signUpTitle'),
    forgotPassword: t('auth.forgotPasswordTitle'),
  };

  return (
    <Modal opened onClose={onClose} title={titles[mode]} centered size="md">
      {!config.data ? (
        <Center h={160}>
          <Loader />
        </Center>
      ) : mode === 'signIn' ? (
        <>
          {config.data.providers.google && <GoogleButton onSuccess={onSignedIn} />}
          <SignInForm
            minPasswordLength={config.data.passwordPolicy.minLength}
            onSuccess={onSignedIn}
            onForgotPassword={(email) => {
              setResetEmail(email);
              setMode('forgotPassword');
            }}
            onSwitchToSignUp={() => setMode('signUp')}
          />
        </>
      ) : mode === 'signUp' ? (
        <>
          {config.data.providers.google && <GoogleButton onSuccess={onSignedIn} />}
          <SignUpForm
            policy={config.data.passwordPolicy}
            onSuccess={onSignedIn}
            onSwitchToSignIn={() => setMode('signIn')}
          />
        </>
      ) : (
        <ForgotPasswordForm initialEmail={resetEmail} onBack={() => setMode('signIn')} />
      )}
    </Modal>
  );
}
