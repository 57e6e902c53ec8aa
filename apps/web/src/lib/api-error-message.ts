import type { ErrorDetail } from '@fixpoint/shared';
import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from './api-client';

/**
 * The sentence a failed API call shows, in the user's language: the translation of its code (`errors.api.<CODE>` in
 * the locale files) when there is one, else the broken rule the server named (`minLength`, 8: "Password must be at
 * least 8 characters long."), else the server's own message. A call that never reached the server says so.
 */
export function apiErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const first = error.details?.[0];
    const detail = first ? detailSentence(first, t) : error.message;
    const text = t(`errors.api.${error.code}`, { detail, defaultValue: untranslated });
    if (text !== untranslated) return text;
    return first?.rule ? detail : error.message;
  }
  // NetworkError from apiRequest; a TypeError is how fetch itself fails ("Failed to fetch", "Load failed").
  if (error instanceof NetworkError || error instanceof TypeError) return t('errors.api.network');
  return error instanceof Error ? error.message : String(error);
}

/** Most codes have no text of their own: the server's sentence (or the broken rule) says it. */
const untranslated = '\u0000';

/**
 * The server's complaints about a request body, by field (`{ retentionDays: 'Keep recordings 0 to 3650 days.' }`,
 * `{ name: 'Must be at least 3 characters long.' }`), for a form to show under its inputs; empty when the failure
 * names no field.
 */
export function apiFieldErrors(error: unknown, t: TFunction): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const errors: Record<string, string> = {};
  for (const detail of error.details ?? []) {
    if (!detail.path.startsWith('body.')) continue;
    const field = detail.path.slice('body.'.length);
    errors[field] ??= detail.rule ? `${capitalise(ruleText(detail, t))}.` : detail.message;
  }
  return errors;
}

/** One refused field as a sentence: "Password must be at least 8 characters long.", or the server's own sentence. */
function detailSentence(detail: ErrorDetail, t: TFunction): string {
  if (!detail.rule) return detail.message;
  const name = detail.path.split('.').at(-1) ?? '';
  const field = t(`errors.validation.fields.${name}`, { defaultValue: humanise(name) });
  return capitalise(t('errors.validation.sentence', { field, rule: ruleText(detail, t) }));
}

/** The rule's words after a field name ("must be at least 8 characters long"), in the user's language. */
function ruleText({ rule, params = {} }: ErrorDetail, t: TFunction): string {
  const expected = typeof params.expected === 'string' ? params.expected : '';
  if (rule === 'type') {
    return t(`errors.validation.rules.type.${expected}`, { defaultValue: t('errors.validation.rules.type.other') });
  }
  return t(`errors.validation.rules.${rule ?? 'invalid'}`, {
    ...params,
    count: typeof params.count === 'number' ? params.count : undefined,
    defaultValue: t('errors.validation.rules.invalid'),
  });
}

/** `retentionDays` → "retention days": a field name the locale files do not name, still as words. */
const humanise = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
