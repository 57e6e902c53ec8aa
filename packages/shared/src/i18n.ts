import { z } from 'zod';
import { type Language, languages } from './brands';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/**
 * The language an `Accept-Language` header prefers among the ones we ship: by q-value, then order; a region counts
 * as its language (`nl-BE` is nl); `*` and q=0 never pick one. Undefined when none of ours is asked for.
 */
export function pickLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((value) => value !== undefined);
      return { language: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ q }) => Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map(({ language }) => language).find(isLanguage);
}

/** `PUT /api/user/language`: the language the server writes to this person in (e-mails, invoices). */
export const userLanguageSchema = z.object({ language: z.enum(languages) }).meta({ id: 'UserLanguage' });

export type UserLanguage = z.infer<typeof userLanguageSchema>;

/** A translation file: nested objects of texts, as i18next reads them. */
export type TranslationTree = { [key: string]: string | TranslationTree };

/** `{ a: { b: 'x' } }` as `a.b → x`. */
export function flattenTranslations(tree: TranslationTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flattenTranslations(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** The `{{variables}}` and `<tags>` of a text, sorted: a translation must keep exactly these. */
export const translationPlaceholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*(?:,[^}]*)?}}|<\/?(\w+)\s*\/?>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();

/**
 * What is wrong between the languages of one set of translation files: a key one language has and another lacks
 * (either way), an empty text, a variable or tag that differs from English. Empty when they agree.
 */
export function translationProblems(catalogs: Record<Language, TranslationTree>): string[] {
  const flat = Object.fromEntries(languages.map((language) => [language, flattenTranslations(catalogs[language])]));
  const english = flat.en as Map<string, string>;
  const problems: string[] = [];
  for (const language of languages) {
    const texts = flat[language] as Map<string, string>;
    for (const [key, text] of texts) {
      if (text.trim() === '') problems.push(`${language}: ${key} is empty`);
      if (language === 'en') continue;
      const source = english.get(key);
      if (source === undefined) {
        problems.push(`${language}: ${key} is not in en`);
        continue;
      }
      const [want, got] = [translationPlaceholders(source), translationPlaceholders(text)];
      if (want.join() !== got.join())
        problems.push(`${language}: ${key} has ${got.join(' ')}, en has ${want.join(' ')}`);
    }
    if (language !== 'en') {
      for (const key of english.keys()) if (!texts.has(key)) problems.push(`${language}: ${key} is missing`);
    }
  }
  return problems;
}
