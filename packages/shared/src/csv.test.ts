import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://evil.test","x")', `"'=HYPERLINK(""http://evil.test"",""x"")"`],
    ['+1+cmd|calc', `"'+1+cmd|calc"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
  ])('neutralises text a spreadsheet would run: %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('quotes every cell, doubles quotes, and keeps ordinary text, numbers and empty cells as they are', () => {
    expect(csvCell('Tractor "A", north')).toBe('"Tractor ""A"", north"');
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell(-5)).toBe('"-5"');
    expect(csvCell(12.5)).toBe('"12.5"');
    expect(csvCell(null)).toBe('""');
  });

  it('writes a header and rows with CRLF line ends', () => {
    expect(toCsv(['name', 'amount'], [['=1', -3]])).toBe('"name","amount"\r\n"\'=1","-3"\r\n');
  });
});
