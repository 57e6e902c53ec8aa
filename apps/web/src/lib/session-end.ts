import type { TFunction } from 'i18next';

/**
 * Why a caster session ended, in words: the caster stores a code (`client-closed`, `window-ended`, …); a code this
 * build has no words for yet is shown as it is rather than hidden.
 */
export function sessionEndReason(code: string, t: TFunction): string {
  return t(`sessionEnd.${code}`, { defaultValue: code });
}
