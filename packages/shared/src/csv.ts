/**
 * Text a spreadsheet would run as a formula, starting with `=`, `+`, `-`, `@`, a tab or a carriage return, with a
 * leading apostrophe (OWASP's advice on CSV injection), so it shows as typed and never runs; other text as it is.
 */
export const neutraliseCsvText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/**
 * One CSV cell (RFC 4180, always quoted), its text through `neutraliseCsvText`. Numbers stay numbers: a negative
 * amount is a value, not a formula (decision 0065).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  const text = typeof value === 'number' ? String(value) : neutraliseCsvText(value);
  return `"${text.replaceAll('"', '""')}"`;
}

/** A CSV file with a header row, every cell through `csvCell`, lines ending in CRLF. */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return [header, ...rows]
    .map((row) => row.map(csvCell).join(','))
    .join('\r\n')
    .concat('\r\n');
}
