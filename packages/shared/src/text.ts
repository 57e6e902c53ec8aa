import type { z } from 'zod';

/** The longest e-mail address a mail server accepts (RFC 5321's 254-character path); longer ones are refused first. */
export const emailMaxLength = 254;

/**
 * Characters no name or label needs and that change how text around them reads (decision 0065): control characters
 * (C0, DEL, C1), format characters (bidi embeddings, overrides and isolates such as U+202E, zero-width space and
 * joiners, word joiner, soft hyphen, BOM, tags) and the line and paragraph separators.
 */
const controlCharacterPattern = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/** The same, but line breaks and tabs are text in a multi-line field (a description, a message). */
const multilineControlCharacterPattern = /[^\P{Cc}\n\r\t]|[\p{Cf}\p{Zl}\p{Zp}]/u;

export const hasControlCharacters = (text: string, { multiline = false } = {}) =>
  (multiline ? multilineControlCharacterPattern : controlCharacterPattern).test(text);

/**
 * A text field people type and others read (a name, a reason, a title): refused as `controlCharacters` when it
 * holds a control or invisible formatting character. The server's answer names the field and the rule; the web says
 * the rule in its user's language.
 */
export function plainText<T extends z.ZodString>(schema: T, options: { multiline?: boolean } = {}): T {
  return schema.refine((text) => !hasControlCharacters(text, options), {
    params: { rule: 'controlCharacters' },
  }) as T;
}
