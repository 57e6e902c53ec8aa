// RINEX 3.04 mixed navigation file ('N', 'M') from decoded ephemerides, in convbin's layout (RINEX.md section 2).
import type { Ephemeris } from './ephemeris';
import { headerLine, two } from './format';
import type { CalendarTime } from './time';

export interface NavigationFileOptions {
  program: string;
  runBy: string;
  createdAt: Date;
  comments?: string[];
  /** GPS - UTC (s); written as LEAP SECONDS when given. */
  leapSeconds?: number;
}

const MANTISSA_DIGITS = 12;
const MANTISSA_FLOOR = 10 ** (MANTISSA_DIGITS - 1);
const MANTISSA_CEILING = 10 ** MANTISSA_DIGITS;

/** Rounds as C's printf does: from the exact binary value, ties to even. */
function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction !== 0.5) return Math.round(value);
  return floor % 2 === 0 ? floor : floor + 1;
}

/** 10^exponent correctly rounded, as C's pow(10, n) gives it (`10 ** n` may be off by an ulp for n < 0). */
const powerOfTen = (exponent: number): number => Number(`1e${exponent}`);

/** The 12 mantissa digits and exponent of |value| = 0.d1d2...d12 x 10^exponent, with d1 > 0. */
function decompose(magnitude: number): { digits: number; exponent: number } {
  let exponent = Math.floor(Math.log10(magnitude)) + 1;
  let digits = roundHalfEven(magnitude / powerOfTen(exponent - MANTISSA_DIGITS));
  if (digits < MANTISSA_FLOOR) {
    // log10 rounded up across a power of ten: one digit too few.
    exponent -= 1;
    digits = roundHalfEven(magnitude / powerOfTen(exponent - MANTISSA_DIGITS));
  }
  if (digits >= MANTISSA_CEILING) {
    // Rounding carried into a new digit (0.9999999999996 -> 1.0): keep the mantissa in [0.1, 1).
    exponent += 1;
    digits = MANTISSA_FLOOR;
  }
  return { digits, exponent };
}

/**
 * RINEX `D19.12` as convbin writes it: blank, sign or blank, `.`, 12 digits, `D`, signed two-digit exponent, with
 * the mantissa in [0.1, 1): 0.000194718595594 -> ` .194718595594D-03`, zero -> ` .000000000000D+00`.
 */
export function formatD19(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`${value} cannot be written as D19.12`);
  const { digits, exponent } = value === 0 ? { digits: 0, exponent: 0 } : decompose(Math.abs(value));
  const sign = value < 0 ? '-' : ' ';
  const exponentText = `${exponent < 0 ? '-' : '+'}${two(Math.abs(exponent))}`;
  return ` ${sign}.${String(digits).padStart(MANTISSA_DIGITS, '0')}D${exponentText}`;
}

/** `A1,I2.2,1X,I4,5(1X,I2.2)`: satellite and toc. */
function epochText(satellite: string, toc: CalendarTime): string {
  const fields = [toc.month, toc.day, toc.hour, toc.minute, Math.round(toc.second)].map(two).join(' ');
  return `${satellite} ${String(toc.year).padStart(4)} ${fields}`;
}

/** SV / EPOCH / SV CLK, then one `4X,4D19.12` line per BROADCAST ORBIT (shorter where the record ends early). */
export function navigationRecord(ephemeris: Ephemeris): string[] {
  const clock = ephemeris.clock.map(formatD19).join('');
  const orbits = ephemeris.orbits.map((line) => `    ${line.map(formatD19).join('')}`);
  return [`${epochText(ephemeris.satellite, ephemeris.toc)}${clock}`, ...orbits];
}

/** 1045 and 1046 may carry the same IODnav yet are separate RINEX records. */
const recordKey = (ephemeris: Ephemeris): string =>
  `${ephemeris.satellite}|${ephemeris.issueKey}|${ephemeris.system === 'E' ? ephemeris.messageType : ''}`;

/**
 * The first copy of each data set, ordered by toc, then satellite. convbin drops a message whose issue of data equals
 * the satellite's previous one; keying on every data set seen also drops one that comes back (A, B, A).
 */
function navigationRecords(ephemerides: readonly Ephemeris[]): Ephemeris[] {
  const firsts = new Map<string, Ephemeris>();
  for (const ephemeris of ephemerides) {
    const key = recordKey(ephemeris);
    if (!firsts.has(key)) firsts.set(key, ephemeris);
  }
  return [...firsts.values()].sort(
    (a, b) => a.tocGpsMs - b.tocGpsMs || (a.satellite < b.satellite ? -1 : a.satellite > b.satellite ? 1 : 0),
  );
}

function creationDate(date: Date): string {
  const day = `${date.getUTCFullYear()}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}`;
  const time = `${two(date.getUTCHours())}${two(date.getUTCMinutes())}${two(date.getUTCSeconds())}`;
  return `${day} ${time} UTC`;
}

function headerLines(options: NavigationFileOptions): string[] {
  const field = (text: string): string => text.slice(0, 20).padEnd(20);
  const lines = [
    headerLine(`${'3.04'.padStart(9)}${' '.repeat(11)}${field('N: GNSS NAV DATA')}M: Mixed`, 'RINEX VERSION / TYPE'),
    headerLine(
      `${field(options.program)}${field(options.runBy)}${creationDate(options.createdAt)}`,
      'PGM / RUN BY / DATE',
    ),
    ...(options.comments ?? []).map((comment) => headerLine(comment, 'COMMENT')),
  ];
  if (options.leapSeconds !== undefined) {
    lines.push(headerLine(String(options.leapSeconds).padStart(6), 'LEAP SECONDS'));
  }
  lines.push(headerLine('', 'END OF HEADER'));
  return lines;
}

/** A RINEX 3.04 mixed navigation file: header, then each data set once, in time order. */
export function writeNavigationFile(ephemerides: readonly Ephemeris[], options: NavigationFileOptions): string {
  const records = navigationRecords(ephemerides).flatMap(navigationRecord);
  return [...headerLines(options), ...records].map((line) => `${line}\n`).join('');
}
