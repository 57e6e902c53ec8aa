import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flattenTranslations, translationProblems } from '@fixpoint/shared';
import { describe, expect, it } from 'vitest';
import { casterTranslations } from './i18n';

const replies = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../protocol/replies.ts'), 'utf8');

describe("the caster's translations", () => {
  it('have every key in en, nl and de, with the same variables, none empty', () => {
    expect(translationProblems(casterTranslations)).toEqual([]);
  });

  it('are exactly the keys the browser page asks for', () => {
    const used = [...replies.matchAll(/\bt\(\s*'([\w.]+)'/g)].map((match) => match[1]).sort();
    expect(used).toEqual([...flattenTranslations(casterTranslations.en).keys()].sort());
  });
});
