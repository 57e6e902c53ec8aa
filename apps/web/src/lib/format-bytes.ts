const units = ['B', 'kB', 'MB', 'GB'] as const;

/** `1.4 MB`: a file size in the reader's number format (decimal units, as browsers show downloads). */
export function formatBytes(bytes: number, language: string) {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
