import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../lib/api-error-message';
import { AppAlert } from './app-alert';

/**
 * Why an action failed (a mutation's error), in the user's language: the translated code, the broken rule in words,
 * or "the server could not be reached"; nothing when there is no error.
 */
export function ErrorAlert({ error }: { error: Error | null | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return <AppAlert status="error">{apiErrorMessage(error, t)}</AppAlert>;
}
