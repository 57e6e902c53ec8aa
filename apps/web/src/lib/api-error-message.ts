import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/**
 * The sentence a failed API call shows: the translation of its code (`errors.api.<CODE>` in the locale files) when
 * there is one, else the server's own message. A call that never reached the server says so.
 */
export function apiErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const key = `errors.api.${error.code}`;
    const text = t(key, { detail: error.message });
    return text === key ? error.message : text;
  }
  if (error instanceof TypeError) return t('errors.api.network');
  return error instanceof Error ? error.message : String(error);
}

/**
 * The server's complaints about a request body, by field (`{ retentionDays: 'Keep recordings 0 to 3650 days.' }`),
 * for a form to show under its inputs; empty when the failure names no field.
 */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const errors: Record<string, string> = {};
  for (const { path, message } of error.details ?? []) {
    if (!path.startsWith('body.')) continue;
    const field = path.slice('body.'.length);
    errors[field] ??= message;
  }
  return errors;
}
