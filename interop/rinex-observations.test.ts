import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BitReader, convertRtcmToRinex, crc24q, RtcmFramer } from '@fixpoint/rtcm';
import { afterAll, describe, expect, it } from 'vitest';
import { rtcmTestdata } from './shared-dir';

// Our RINEX 3.04 observation files against RTKLIB's convbin (2.4.3 b34, Debian's rtklib) on the captures of
// testdata/rtcm, epoch for epoch and value for value (RINEX.md sections 1, 7 and 8).

const scratch = mkdtempSync(join(tmpdir(), 'fixpoint-rinex-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const read = (name: string): Buffer => readFileSync(resolve(rtcmTestdata, name));

/** `-tr` takes `yyyy/mm/dd hh:mm:ss`; the same instant as Unix ms for us. */
function convbin(input: Buffer, reference: string, extra: string[] = []): { obs: string; nav: string } {
  const source = join(scratch, `in-${Math.random().toString(36).slice(2)}.rtcm3`);
  writeFileSync(source, input);
  const [date, time] = reference.split(' ');
  const obs = `${source}.obs`;
  const nav = `${source}.nav`;
  execFileSync(
    'convbin',
    [
      '-r',
      'rtcm3',
      '-v',
      '3.04',
      '-tr',
      date as string,
      time as string,
      ...extra,
      '-od',
      '-os',
      '-o',
      obs,
      '-n',
      nav,
      source,
    ],
    { stdio: 'ignore' },
  );
  // convbin writes no navigation file when the stream has no ephemeris.
  return { obs: readFileSync(obs, 'utf8'), nav: existsSync(nav) ? readFileSync(nav, 'utf8') : '' };
}

async function ours(input: Buffer, reference: string, intervalSeconds = 0) {
  let obs = '';
  const result = await convertRtcmToRinex(() => [{ data: input }], {
    referenceTime: Date.parse(`${reference.replaceAll('/', '-').replace(' ', 'T')}Z`),
    intervalSeconds,
    markerName: 'TEST',
    program: 'Fixpoint',
    runBy: 'Fixpoint',
    writeObservation: (text) => {
      obs += text;
    },
  });
  return { obs, nav: result.navigation, result };
}

const body = (file: string): string[] => file.slice(file.indexOf('END OF HEADER')).split('\n').slice(1);
const headerValue = (file: string, label: string): string[] =>
  file
    .split('\n')
    .filter((line) => line.slice(60).trim() === label)
    .map((line) => line.slice(0, 60).trimEnd());

/** The header items both programs derive from the stream. */
function expectSameHeaderFacts(
  our: string,
  theirs: string,
  labels = [
    'SYS / # / OBS TYPES',
    'GLONASS SLOT / FRQ #',
    'TIME OF FIRST OBS',
    'TIME OF LAST OBS',
    'APPROX POSITION XYZ',
    'SYS / PHASE SHIFT',
  ],
): void {
  for (const label of labels) expect(headerValue(our, label), label).toEqual(headerValue(theirs, label));
}

/** GMSD7 tags its 1127 in GPS time; taking 14 s off every BeiDou tag (RINEX.md pitfall 2) makes all systems agree. */
function shiftBeidouTags(data: Buffer): Buffer {
  const frames = new RtcmFramer().push(data).map((frame) => {
    const bytes = Buffer.from(frame.bytes);
    if (frame.messageType !== 1127) return bytes;
    const payload = bytes.subarray(3, bytes.length - 3);
    const tow = new BitReader(payload, 24).readUnsigned(30);
    writeBits(payload, 24, 30, (tow - 14_000 + 604_800_000) % 604_800_000);
    bytes.writeUIntBE(crc24q(bytes.subarray(0, bytes.length - 3)), bytes.length - 3, 3);
    return bytes;
  });
  return Buffer.concat(frames);
}

function writeBits(bytes: Uint8Array, start: number, width: number, value: number): void {
  for (let i = 0; i < width; i++) {
    const bit = Math.floor(value / 2 ** (width - 1 - i)) % 2;
    const index = (start + i) >> 3;
    const mask = 0x80 >> ((start + i) & 7);
    bytes[index] = bit ? (bytes[index] as number) | mask : (bytes[index] as number) & ~mask;
  }
}

describe('RINEX observations against convbin', () => {
  it('testglo.rtcm3 (legacy 1004/1012): every epoch, satellite, value and flag agrees', async () => {
    const input = read('testglo.rtcm3');
    const reference = '2009/12/18 23:20:00';
    const theirs = convbin(input, reference);
    const { obs, result } = await ours(input, reference);
    expect(result.epochs).toBe(186);
    expect(body(obs)).toEqual(body(theirs.obs));
    expectSameHeaderFacts(obs, theirs.obs);
    // RINEX.md 7A
    expect(obs).toContain(
      'G03  20227058.826   106293912.123          50.250    20227058.386    82826425.574          41.000',
    );
  });

  it('GMSD7 (MSM7, BeiDou tagged in GPS time): BeiDou only, as convbin', async () => {
    const input = read('GMSD7_20121014.rtcm3');
    const theirs = convbin(input, '2012/10/14 00:00:00');
    const { obs, result } = await ours(input, '2012/10/14 00:00:00');
    expect(result.epochs).toBe(257);
    expect(headerValue(obs, 'SYS / # / OBS TYPES')).toEqual(['C   10 C2I L2I D2I S2I C7I L7I S7I C6I L6I S6I']);
    expect(body(obs)).toEqual(body(theirs.obs));
    expectSameHeaderFacts(obs, theirs.obs);
  });

  it('GMSD7 with BeiDou tags fixed: GPS, GLONASS, QZSS and BeiDou across the week rollover', async () => {
    const input = shiftBeidouTags(read('GMSD7_20121014.rtcm3'));
    const theirs = convbin(input, '2012/10/14 00:00:00');
    const { obs, result } = await ours(input, '2012/10/14 00:00:00');
    expect(result.satellites).toBe(28);
    expect(body(obs)).toEqual(body(theirs.obs));
    // Without a 1005/1006 convbin computes a position of its own (RINEX.md pitfall 9); we leave it unknown.
    expectSameHeaderFacts(obs, theirs.obs, [
      'SYS / # / OBS TYPES',
      'GLONASS SLOT / FRQ #',
      'TIME OF FIRST OBS',
      'TIME OF LAST OBS',
      'SYS / PHASE SHIFT',
    ]);
    expect(headerValue(obs, 'APPROX POSITION XYZ')).toEqual(['        0.0000        0.0000        0.0000']);
    // RINEX.md 7B, the first epoch of GPS week 1710
    const epoch = body(obs).slice(body(obs).indexOf('> 2012 10 14 00 00 00.0000000  0 27'.padEnd(56)));
    const fields = (...values: string[]) => values.map((value) => `${value.padStart(14)}  `).join('');
    expect(epoch.find((line) => line.startsWith('G01'))).toContain(
      `G01${fields('24910977.594', '130908039.805', '3695.477', '35.313')}`,
    );
    expect(epoch.find((line) => line.startsWith('R14'))).toContain(
      `R14${fields('19573054.125', '104335925.080', '-1185.054', '51.125')}`,
    );
  });

  it('every fifth second: the same epochs and the slips carried over, as convbin -ti 5', async () => {
    const input = shiftBeidouTags(read('GMSD7_20121014.rtcm3'));
    const theirs = convbin(input, '2012/10/14 00:00:00', ['-ti', '5']);
    const { obs, result } = await ours(input, '2012/10/14 00:00:00', 5);
    expect(result.epochs).toBe(52);
    expect(body(obs)).toEqual(body(theirs.obs));
  });

  it('MIXED capture (MSM7 of four systems): the same epoch; we keep the 1005 that came before it', async () => {
    const input = read('pygpsdata-MIXED-RTCM3.log');
    const theirs = convbin(input, '2024/01/02 08:42:17');
    const { obs } = await ours(input, '2024/01/02 08:42:17');
    expect(body(obs)).toEqual(body(theirs.obs));
    // convbin drops a 1005 sent before the first epoch (RINEX.md pitfall 9); the station's position is worth keeping.
    expectSameHeaderFacts(obs, theirs.obs, ['SYS / # / OBS TYPES', 'TIME OF FIRST OBS', 'SYS / PHASE SHIFT']);
    expect(headerValue(theirs.obs, 'APPROX POSITION XYZ')).toEqual(['        0.0000        0.0000        0.0000']);
    expect(headerValue(obs, 'APPROX POSITION XYZ')[0]).not.toContain('        0.0000        0.0000');
    expect(obs).toContain('> 2024 01 02 08 42 17.0010000  0 32');
    expect(obs).toMatch(/E07 {2}23730433\.144 {3}124704269\.3531 {7}1043\.548 {10}46\.000/);
  });

  it('RTKLIB post-processes our files (rnx2rtkp, single point) without error', async () => {
    const input = read('testglo.rtcm3');
    const { obs, nav } = await ours(input, '2009/12/18 23:20:00');
    const obsFile = join(scratch, 'ours.obs');
    const navFile = join(scratch, 'ours.nav');
    const posFile = join(scratch, 'ours.pos');
    writeFileSync(obsFile, obs);
    writeFileSync(navFile, nav);
    execFileSync('rnx2rtkp', ['-p', '0', '-o', posFile, obsFile, navFile], { stdio: 'ignore' });
    // `week tow lat lon height Q ns ...`, Q 5 = single point.
    const solutions = readFileSync(posFile, 'utf8')
      .split('\n')
      .filter((line) => /^1562 /.test(line))
      .map((line) => line.trim().split(/\s+/).map(Number));
    expect(solutions.length).toBeGreaterThan(150);
    // The 1005 says 35.873 N 138.390 E: a single-point fix lands within a few tens of metres of it.
    const [, , latitude, longitude, , quality] = solutions[10] ?? [];
    expect(quality).toBe(5);
    expect(latitude).toBeCloseTo(35.873, 3);
    expect(longitude).toBeCloseTo(138.3897, 3);
  });
});
