import { describe, expect, it } from 'vitest';
import { pickLanguage, translationPlaceholders, translationProblems } from './i18n';

describe('pickLanguage', () => {
  it.each([
    ['nl-NL,nl;q=0.9,en-US;q=0.8,en;q=0.7', 'nl'],
    ['de-CH', 'de'],
    ['fr-FR,fr;q=0.9,de;q=0.5,en;q=0.6', 'en'],
    ['en;q=0.2, nl', 'nl'],
    ['NL-be', 'nl'],
    ['fr, *;q=0.5', undefined],
    ['nl;q=0, de;q=0.1', 'de'],
    ['', undefined],
    [undefined, undefined],
  ])('reads %j as %j', (header, language) => {
    expect(pickLanguage(header)).toBe(language);
  });
});

describe('translationProblems', () => {
  const en = { a: { hello: 'Hello {{name}}', bold: 'Say <b>hi</b>' }, only: 'x' };

  it('finds nothing wrong in files that agree', () => {
    const nl = { a: { hello: 'Hallo {{name}}', bold: 'Zeg <b>hoi</b>' }, only: 'x' };
    expect(translationProblems({ en, nl, de: nl })).toEqual([]);
  });

  it('names missing and extra keys, empty texts and changed variables and tags', () => {
    const nl = { a: { hello: 'Hallo {{naam}}', bold: 'Zeg hoi' }, extra: 'y' };
    const de = { a: { hello: '', bold: 'Sag <b>hallo</b>' }, only: 'x' };
    expect(translationProblems({ en, nl, de })).toEqual([
      'nl: a.hello has naam, en has name',
      'nl: a.bold has , en has <b> <b>',
      'nl: extra is not in en',
      'nl: only is missing',
      'de: a.hello is empty',
      'de: a.hello has , en has name',
    ]);
  });

  it('reads formatted variables by their name', () => {
    expect(translationPlaceholders('{{count}} on {{date, datetime}}')).toEqual(['count', 'date']);
  });
});
