import { describe, expect, it } from 'vitest';
import type { Ephemeris } from './ephemeris';
import { formatD19, navigationRecord, writeNavigationFile } from './nav-writer';
import { gpsCalendar } from './time';

describe('formatD19', () => {
  it('writes blank, sign or blank, 12 digits with the mantissa in [0.1, 1), D and a two-digit exponent', () => {
    expect(formatD19(0.000194718595594)).toBe('  .194718595594D-03');
    expect(formatD19(-0.0000794976949692)).toBe(' -.794976949692D-04');
    expect(formatD19(604784)).toBe('  .604784000000D+06');
    expect(formatD19(-13923.6352539)).toBe(' -.139236352539D+05');
    expect(formatD19(3.12)).toBe('  .312000000000D+01');
    expect(formatD19(-1.35525271561e-19)).toBe(' -.135525271561D-18');
  });

  it('writes zero (and negative zero) as .000000000000D+00', () => {
    expect(formatD19(0)).toBe('  .000000000000D+00');
    expect(formatD19(-0)).toBe('  .000000000000D+00');
  });

  it('handles exact powers of ten', () => {
    expect(formatD19(1)).toBe('  .100000000000D+01');
    expect(formatD19(1000)).toBe('  .100000000000D+04');
    expect(formatD19(0.001)).toBe('  .100000000000D-02');
    expect(formatD19(1e-10)).toBe('  .100000000000D-09');
  });

  it('carries into the exponent when rounding reaches 1.0', () => {
    expect(formatD19(0.99999999999995)).toBe('  .100000000000D+01');
    expect(formatD19(-9.9999999999996e-5)).toBe(' -.100000000000D-03');
    expect(formatD19(999999999999.6)).toBe('  .100000000000D+13');
  });

  it('rounds an exact binary tie to even, as printf does', () => {
    // 391643136 x 2^-33 = 0.04559326171875 exactly. convbin prints ...187 here: RTKLIB's 2^-33 constant is written
    // with 16 digits and lies just below the true value.
    expect(formatD19(391643136 * 2 ** -33)).toBe('  .455932617188D-01');
    expect(formatD19(0.1234567890125)).toBe('  .123456789012D+00');
  });

  it('is always 19 characters', () => {
    for (const value of [1e-20, -7.5e15, Math.PI, -Math.E * 1e-7, 299792458]) expect(formatD19(value)).toHaveLength(19);
  });
});

const CLOCK: readonly [number, number, number] = [0.000194718595594, 3.63797880709e-12, 0];
const KEPLER_ORBITS = [
  [6, 67.3125, 4.09052752975e-9, 1.79381292294],
  [3.26335430145e-6, 0.0181625665864, 8.86991620064e-6, 5153.63082123],
  [604784, -8.38190317154e-8, 0.625464088473, -4.97326254845e-7],
  [0.980726116368, 216.78125, -1.81862885728, -7.84389815841e-9],
  [6.55741599984e-10, 1, 1709, 0],
  [2, 0, -1.07102096081e-8, 6],
  [604798, 4],
];

function keplerian(system: 'G' | 'E', satellite: string, tocGpsMs: number, issueKey = '1'): Ephemeris {
  const common = { satellite, tocGpsMs, toc: gpsCalendar(tocGpsMs), issueKey, clock: CLOCK, orbits: KEPLER_ORBITS };
  return system === 'G' ? { ...common, system, messageType: 1019 } : { ...common, system, messageType: 1046 };
}

function glonass(satellite: string, tocGpsMs: number): Ephemeris {
  return {
    system: 'R',
    messageType: 1020,
    satellite,
    tocGpsMs,
    toc: gpsCalendar(tocGpsMs - 16_000),
    issueKey: `${tocGpsMs}/0`,
    clock: [-7.94976949692e-5, 9.09494701773e-13, 515130],
    orbits: [
      [-13923.6352539, 2.03822517395, -9.31322574615e-10, 0],
      [-13791.7080078, 0.92470741272, 0, 6],
      [16328.7265625, 2.52017974854, -2.79396772385e-9, 0],
    ],
  };
}

/** 2012-10-13 23:59:44 GPST (GPS week 1709, 604784 s). */
const TOC = 1709 * 604_800_000 + 604_784_000;
const OPTIONS = { program: 'fixpoint-rinex', runBy: 'Fixpoint', createdAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) };

describe('navigationRecord', () => {
  it('writes SV / EPOCH / SV CLK and 7 BROADCAST ORBIT lines for a GPS record, the last ending after its values', () => {
    const lines = navigationRecord(keplerian('G', 'G28', TOC));
    expect(lines[0]).toBe('G28 2012 10 13 23 59 44  .194718595594D-03  .363797880709D-11  .000000000000D+00');
    expect(lines[1]).toBe('      .600000000000D+01  .673125000000D+02  .409052752975D-08  .179381292294D+01');
    expect(lines.slice(0, 7).every((line) => line.length === 80)).toBe(true);
    expect(lines[7]).toBe('      .604798000000D+06  .400000000000D+01');
    expect(lines).toHaveLength(8);
  });

  it('writes 3 orbit lines for GLONASS', () => {
    const lines = navigationRecord(glonass('R08', TOC));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('R08 2012 10 13 23 59 28 -.794976949692D-04  .909494701773D-12  .515130000000D+06');
    expect(lines[2]).toBe('     -.137917080078D+05  .924707412720D+00  .000000000000D+00  .600000000000D+01');
  });
});

describe('writeNavigationFile', () => {
  const headerOf = (text: string): string[] => text.split('\n').slice(0, text.split('\n').indexOf(endOfHeader) + 1);
  const endOfHeader = `${' '.repeat(60)}END OF HEADER       `;

  it('writes an 80-column 3.04 mixed navigation header', () => {
    const text = writeNavigationFile([], { ...OPTIONS, comments: ['format: RTCM 3', 'x'.repeat(70)], leapSeconds: 18 });
    expect(headerOf(text)).toEqual([
      '     3.04           N: GNSS NAV DATA    M: Mixed            RINEX VERSION / TYPE',
      'fixpoint-rinex      Fixpoint            20260102 030405 UTC PGM / RUN BY / DATE ',
      'format: RTCM 3                                              COMMENT             ',
      `${'x'.repeat(60)}COMMENT             `,
      '    18                                                      LEAP SECONDS        ',
      endOfHeader,
    ]);
    expect(text.endsWith(`${endOfHeader}\n`)).toBe(true);
  });

  it('leaves out LEAP SECONDS and COMMENT when not given', () => {
    const labels = headerOf(writeNavigationFile([], OPTIONS)).map((line) => line.slice(60).trim());
    expect(labels).toEqual(['RINEX VERSION / TYPE', 'PGM / RUN BY / DATE', 'END OF HEADER']);
  });

  it('orders records by time, then satellite, writing each data set once', () => {
    const later = TOC + 7200_000;
    const text = writeNavigationFile(
      [
        keplerian('G', 'G28', later),
        glonass('R08', TOC),
        keplerian('G', 'G05', later),
        keplerian('G', 'G28', later), // the same data set again: left out
        keplerian('G', 'G28', later, '2'), // a new issue of data: written
        keplerian('E', 'E05', TOC),
      ],
      OPTIONS,
    );
    const epochs = text.split('\n').filter((line) => /^[A-Z]\d\d /.test(line));
    // R08's toc (UTC) is the same instant as E05's (GST): the satellite decides.
    expect(epochs.map((line) => line.slice(0, 23))).toEqual([
      'E05 2012 10 13 23 59 44',
      'R08 2012 10 13 23 59 28',
      'G05 2012 10 14 01 59 44',
      'G28 2012 10 14 01 59 44',
      'G28 2012 10 14 01 59 44',
    ]);
    const body = text.slice(text.indexOf(endOfHeader) + endOfHeader.length + 1).split('\n');
    expect(body).toHaveLength(4 + 4 * 8 + 1); // GLONASS 4 lines, four 8-line records, the final newline
  });

  it('keeps Galileo F/NAV and I/NAV records of one IODnav apart', () => {
    const inav = keplerian('E', 'E05', TOC);
    const fnav: Ephemeris = { ...inav, system: 'E', messageType: 1045 };
    const text = writeNavigationFile([fnav, inav, fnav], OPTIONS);
    expect(text.split('\n').filter((line) => line.startsWith('E05'))).toHaveLength(2);
  });
});
