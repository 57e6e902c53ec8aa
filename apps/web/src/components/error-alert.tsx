import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { apiErrorMessage } from '../lib/api-error-message';
import { AppAlert } from './app-alert';

/**
 * Why an action failed (a mutation's error), in the user's language: the translated code, the broken rule in words,
 * or "the server could not be reached"; nothing when there is no error. `signedOutText` words a 401 where the
 * action is the signed-in person's own (spec 8: 'User is not logged in').
 */
export function ErrorAlert({ error, signedOutText }: { error: Error | null | undefined; signedOutText?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  const isSignedOut = signedOutText !== undefined && error instanceof ApiError && error.status === 401;
  return <AppAlert status="error">{isSignedOut ? signedOutText : apiErrorMessage(error, t)}</AppAlert>;
}
