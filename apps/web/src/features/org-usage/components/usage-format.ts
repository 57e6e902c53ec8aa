/** Data volume the way people read it: MB below a gigabyte, GB above (binary units, as the session history). */
export function formatData(bytes: number, language: string) {
  const gb = bytes / 1024 ** 3;
  if (gb >= 1) {
    return `${new Intl.NumberFormat(language, { maximumFractionDigits: 2, minimumFractionDigits: 2 }).format(gb)} GB`;
  }
  const mb = bytes / 1024 ** 2;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(mb)} MB`;
}

export const formatHours = (hours: number, language: string) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(hours);

/** A local calendar day as `YYYY-MM-DD`. */
export function isoDay(date: Date) {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** The default range: the last 30 days, today included. */
export function lastDays(count: number, today = new Date()) {
  const from = new Date(today);
  from.setDate(from.getDate() - (count - 1));
  return { from: isoDay(from), to: isoDay(today) };
}
