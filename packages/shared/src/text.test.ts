import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasControlCharacters, plainText } from './text';

describe('control and invisible formatting characters', () => {
  it.each([
    ['a NUL', 'a\u0000b'],
    ['a C0 control (bell)', 'Rover\u0007'],
    ['a tab', 'Rover\t1'],
    ['a line break', 'Rover\n1'],
    ['DEL', 'Rover\u007F'],
    ['a C1 control', 'Rover\u0085'],
    ['a right-to-left override', 'Invoice\u202Efdp.exe'],
    ['a left-to-right isolate', '\u2066Rover'],
    ['an Arabic letter mark', 'Rover\u061C'],
    ['a zero-width space', 'Ro\u200Bver'],
    ['a zero-width joiner', 'Ro\u200Dver'],
    ['a word joiner', 'Ro\u2060ver'],
    ['a byte order mark', '\uFEFFRover'],
    ['a soft hyphen', 'Ro\u00ADver'],
    ['a line separator', 'Rover\u20281'],
    ['a tag character', 'Rover\u{E0041}'],
  ])('finds %s', (_what, text) => {
    expect(hasControlCharacters(text)).toBe(true);
  });

  it('leaves letters of every script, accents, symbols and emoji alone', () => {
    for (const text of ['Tractor 1 – Ü', 'Ålesund Øst', 'Жук', 'شبكة', '北京站', 'Farm 🚜 #2', "O'Brien & Co. (NL)"]) {
      expect(hasControlCharacters(text)).toBe(false);
    }
  });

  it('allows line breaks and tabs in multi-line text, nothing else', () => {
    expect(hasControlCharacters('Line one\r\nLine two\tend', { multiline: true })).toBe(false);
    expect(hasControlCharacters('Line one\u202E', { multiline: true })).toBe(true);
    expect(hasControlCharacters('Line one\u0007', { multiline: true })).toBe(true);
  });

  it('refuses such text as the rule controlCharacters, after the schema trimmed it', () => {
    const schema = plainText(z.string().trim().max(20));
    expect(schema.parse('  Rover 1 ')).toBe('Rover 1');
    const result = schema.safeParse('Rover\u202E1');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'custom', params: { rule: 'controlCharacters' } });
  });
});
