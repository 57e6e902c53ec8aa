// Fixed-width fields of RINEX records.

/** A header line: content in columns 1-60, label in 61-80, padded to 80 like convbin. */
export function headerLine(content: string, label: string): string {
  return `${content.slice(0, 60).padEnd(60)}${label.padEnd(20)}`;
}

/**
 * A number with a fixed count of decimals, rounded as C's printf does: from the exact binary value, ties to even.
 * JavaScript's toFixed rounds exact ties up, which differs on values such as 1043.0625 (RINEX.md pitfall 6).
 */
export function fixed(value: number, decimals: number): string {
  // A double is an exact tie at d decimals only when it is an odd multiple of 2^-(d+1).
  const isTie = Number.isInteger(value * 2 ** (decimals + 1)) && !Number.isInteger(value * 2 ** decimals);
  if (!isTie) return value.toFixed(decimals);
  const down = Math.floor(Math.abs(value) * 10 ** decimals);
  const magnitude = down % 2 === 0 ? down : down + 1;
  return (value < 0 ? '-' : '') + (magnitude / 10 ** decimals).toFixed(decimals);
}

/** Right-justified `Fw.d`. */
export const F = (value: number, width: number, decimals: number): string => fixed(value, decimals).padStart(width);

/** Right-justified integer `Iw`. */
export const I = (value: number, width: number): string => String(value).padStart(width);

/** Zero-padded two digits (`I2.2`). */
export const two = (value: number): string => String(value).padStart(2, '0');
