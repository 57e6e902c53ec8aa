import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flattenTranslations, languages, translationProblems } from '@fixpoint/shared';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, recipientLanguage, serverTranslations, textsIn } from './i18n';

const sourceRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) yield path;
  }
}

/** Every `t('key')` and `` t(`key.${x}`) `` in the server's code, a template's `${…}` read as "any word". */
function usedKeys() {
  const keys: { file: string; key: string; pattern: RegExp }[] = [];
  for (const file of sourceFiles(sourceRoot)) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes("from '../../i18n/i18n'") && !text.includes("from './i18n'")) continue;
    for (const match of text.matchAll(/\bt\(\s*(['"`])([\w.${}-]+)\1/g)) {
      const key = match[2] as string;
      const pattern = new RegExp(`^${key.replace(/\./g, '\\.').replace(/\$\{[^}]+\}/g, '[\\w-]+')}$`);
      keys.push({ file: file.slice(sourceRoot.length + 1), key, pattern });
    }
  }
  return keys;
}

describe("the server's translations", () => {
  it('have every key in en, nl and de, with the same variables, none empty', () => {
    expect(translationProblems(serverTranslations)).toEqual([]);
  });

  it('have every key the code asks for (no raw key reaches a mail or a PDF)', () => {
    const english = [...flattenTranslations(serverTranslations.en).keys()];
    const used = usedKeys();
    expect(used.length).toBeGreaterThan(30);
    const missing = used.filter(({ pattern }) => !english.some((key) => pattern.test(key)));
    expect(missing.map(({ file, key }) => `${file}: ${key}`)).toEqual([]);
  });

  it('have no key the code never asks for', () => {
    const used = usedKeys();
    const unused = [...flattenTranslations(serverTranslations.en).keys()].filter(
      (key) => !used.some(({ pattern }) => pattern.test(key)),
    );
    expect(unused).toEqual([]);
  });

  it('translate, and fill in the values', () => {
    expect(textsIn('nl')('mail.receipt.thanks', { total: '€29.00' })).toBe('Bedankt voor je betaling van €29.00.');
    expect(textsIn('de')('invoice.title')).toBe('Rechnung');
    for (const language of languages)
      expect(textsIn(language)('mail.passwordReset.subject', { brand: 'X' })).toMatch(/X/);
  });
});

describe('recipientLanguage', () => {
  it("takes the brand's static language first, then the stored one, then Accept-Language, then English", () => {
    expect(recipientLanguage({ staticLanguage: 'nl', stored: 'de', acceptLanguage: 'en' })).toBe('nl');
    expect(recipientLanguage({ stored: 'de', acceptLanguage: 'nl' })).toBe('de');
    expect(recipientLanguage({ stored: null, acceptLanguage: 'fr, nl;q=0.8' })).toBe('nl');
    expect(recipientLanguage({ stored: 'fr', acceptLanguage: 'fr' })).toBe('en');
    expect(recipientLanguage({})).toBe('en');
  });
});

describe('dates', () => {
  const moment = new Date('2026-03-05T14:07:00Z');

  it('are written the way each language writes them, in UTC', () => {
    expect(formatDateTime(moment, 'en')).toBe('5 March 2026 at 14:07 UTC');
    expect(formatDateTime(moment, 'nl')).toBe('5 maart 2026 om 14:07 UTC');
    expect(formatDateTime(moment, 'de')).toBe('5. März 2026 um 14:07 UTC');
    expect(formatDate(moment, 'de')).toBe('5. März 2026');
  });
});
