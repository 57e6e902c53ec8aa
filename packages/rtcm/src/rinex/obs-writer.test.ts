import { describe, expect, it } from 'vitest';
import { navigationFileName, observationFileName } from './file-names';
import { fixed } from './format';
import { writeObservationEpoch, writeObservationHeader } from './obs-writer';
import { unixToGps } from './time';

describe('fixed', () => {
  it('rounds exact binary ties to even like C printf, everything else like toFixed', () => {
    expect(fixed(19.3125, 3)).toBe('19.312');
    expect(fixed(35.3125, 3)).toBe('35.312');
    expect(fixed(1043.0625, 3)).toBe('1043.062');
    expect(fixed(1043.1875, 3)).toBe('1043.188');
    expect(fixed(-3247.4375, 3)).toBe('-3247.438');
    expect(fixed(0.0015, 3)).toBe((0.0015).toFixed(3));
    expect(fixed(23730433.144, 3)).toBe('23730433.144');
  });
});

/** 2024-01-02 08:42:17.001 in GPS time. */
const epoch = Date.UTC(2024, 0, 2, 8, 42, 17, 1) - Date.UTC(1980, 0, 6);

describe('writeObservationHeader', () => {
  const header = writeObservationHeader({
    program: 'Fixpoint',
    runBy: 'Fixpoint',
    createdAt: new Date(Date.UTC(2026, 10, 24, 12, 0, 0)),
    comments: ['Converted from RTCM 3'],
    markerName: 'DELFT1',
    markerNumber: '611',
    agency: 'Fixpoint',
    receiver: { serial: '123', type: 'SEPT POLARX5', version: '5.4' },
    antenna: { serial: '9', type: 'LEIAR25.R4      LEIT' },
    position: { x: 3_924_000.1234, y: 301_000.5, z: 5_002_000 },
    antennaHeight: 0.1,
    types: {
      G: ['C1C', 'L1C', 'D1C', 'S1C', 'C2W', 'L2W', 'S2W', 'C2X', 'L2X', 'S2X', 'C5X', 'L5X', 'S5X', 'C1X'],
      R: ['C1C', 'L1C'],
    },
    intervalSeconds: 1,
    firstEpoch: epoch,
    lastEpoch: epoch + 3_600_000,
    glonassChannels: new Map([
      [14, -7],
      [8, 6],
    ]),
  });
  const lines = header.split('\n').slice(0, -1);

  it('writes 80-column lines with their labels in columns 61-80, first and last in place', () => {
    expect(lines.every((line) => line.length === 80)).toBe(true);
    expect(lines[0]).toBe('     3.04           OBSERVATION DATA    M: Mixed            RINEX VERSION / TYPE');
    expect(lines.at(-1)?.slice(60).trim()).toBe('END OF HEADER');
    expect(lines[1]).toBe(`${'Fixpoint'.padEnd(20)}${'Fixpoint'.padEnd(20)}20261124 120000 UTC PGM / RUN BY / DATE `);
  });

  it('continues more than 13 types on a second line and lists phase shifts and GLONASS slots', () => {
    const types = lines.filter((line) => line.endsWith('SYS / # / OBS TYPES '));
    expect(types[0]).toBe('G   14 C1C L1C D1C S1C C2W L2W S2W C2X L2X S2X C5X L5X S5X  SYS / # / OBS TYPES ');
    expect(types[1]?.slice(0, 60).trimEnd()).toBe('       C1X');
    expect(lines).toContain(`${'G L1C'.padEnd(60)}SYS / PHASE SHIFT   `);
    expect(lines).toContain(`${'G L2W  0.00000'.padEnd(60)}SYS / PHASE SHIFT   `);
    expect(lines).toContain(`${'  2 R08  6 R14 -7'.padEnd(60)}GLONASS SLOT / FRQ #`);
  });

  it('writes the approximate position, the times of first and last observation and the leap seconds', () => {
    expect(lines).toContain(`${'  3924000.1234   301000.5000  5002000.0000'.padEnd(60)}APPROX POSITION XYZ `);
    expect(lines).toContain(`${'  2024    01    02    08    42   17.0010000     GPS'.padEnd(60)}TIME OF FIRST OBS   `);
    expect(lines).toContain(`${'  2024    01    02    09    42   17.0010000     GPS'.padEnd(60)}TIME OF LAST OBS    `);
    expect(lines).toContain(`${'    18'.padEnd(60)}LEAP SECONDS        `);
  });
});

describe('writeObservationEpoch', () => {
  it('writes the epoch line and each value in its column, LLI on phases only', () => {
    const text = writeObservationEpoch(
      {
        time: epoch,
        satellites: [
          {
            satellite: 'E07',
            signals: [
              { code: '1C', pseudorange: 23_730_433.144, phase: 124_704_269.353, doppler: 1043.548, cnr: 46, lli: 1 },
            ],
          },
        ],
      },
      { E: ['C1C', 'L1C', 'D1C', 'S1C', 'C7Q'] },
    );
    const [head, line] = text.split('\n');
    expect(head).toBe('> 2024 01 02 08 42 17.0010000  0  1'.padEnd(56));
    const field = (value: string, lli = ' ') => `${value.padStart(14)}${lli} `;
    expect(line).toBe(
      `E07${field('23730433.144')}${field('124704269.353', '1')}${field('1043.548')}${field('46.000')}${field('')}`,
    );
  });
});

describe('long file names (RINEX 3.04 table A1)', () => {
  const parts = {
    station: 'delft-1',
    country: 'NLD',
    start: unixToGps(Date.UTC(2026, 1, 3, 10, 0)),
    periodSeconds: 3600,
    intervalSeconds: 1,
  };

  it('names the observation and navigation files of a data stream', () => {
    expect(observationFileName(parts)).toBe('DELF00NLD_S_20260341000_01H_01S_MO.rnx');
    expect(navigationFileName(parts)).toBe('DELF00NLD_S_20260341000_01H_MN.rnx');
  });

  it('pads short names, marks an unknown country and rounds the period up', () => {
    expect(
      observationFileName({ ...parts, station: 'ab', country: '', periodSeconds: 5400, intervalSeconds: 30 }),
    ).toBe('ABXX00XXX_S_20260341000_90M_30S_MO.rnx');
    expect(observationFileName({ ...parts, periodSeconds: 86_400, intervalSeconds: 0 })).toBe(
      'DELF00NLD_S_20260341000_01D_01S_MO.rnx',
    );
    expect(observationFileName({ ...parts, periodSeconds: 9000 })).toBe('DELF00NLD_S_20260341000_03H_01S_MO.rnx');
  });
});
