import { describe, expect, it } from 'vitest';
import { BitWriter } from '../bits';
import { decodeEphemeris, type Ephemeris } from './ephemeris';
import { SEMICIRCLE } from './ephemeris-fields';
import { navigationRecord } from './nav-writer';
import { WEEK_MS } from './time';

// Payloads are written field by field from the RTCM 10403.3 layouts; the values are those of real messages (testglo,
// USCL00CHL0) and the expected lines are what convbin 2.4.3 b34 wrote for them (RINEX.md section 7 A and D).

/** [bits, value] unsigned, [bits, value, 's'] two's complement, [bits, value, 'm'] sign-magnitude (GLONASS). */
type RawField = readonly [bits: number, value: number, kind?: 's' | 'm'];

function payload(messageType: number, fields: readonly RawField[]): Uint8Array {
  const writer = new BitWriter().writeUnsigned(messageType, 12);
  for (const [bits, value, kind] of fields) {
    if (kind === 's') writer.writeSigned(value, bits);
    else if (kind === 'm') writer.writeUnsigned(value < 0 ? 1 : 0, 1).writeUnsigned(Math.abs(value), bits - 1);
    else writer.writeUnsigned(value, bits);
  }
  while (writer.bitLength % 8 !== 0) writer.writeUnsigned(0, 1);
  return writer.toBytes();
}

const gpsMs = (year: number, month: number, day: number, hour: number, minute: number, second = 0): number =>
  Date.UTC(year, month - 1, day, hour, minute, second) - Date.UTC(1980, 0, 6);

/** testglo G03 (1019), raw field values. */
const G03 = {
  satellite: 3,
  week: 538, // 10 bits: 1562 - 1024
  ura: 1,
  codesOnL2: 1,
  idot: 1238,
  iode: 68,
  toc: 32400, // x 16 s
  af2: 0,
  af1: 46,
  af0: 1051911,
  iodc: 68,
  tgd: -9,
  health: 0,
  fitFlag: 0,
};
type GpsValues = typeof G03;

/** Crs .. OMEGA DOT with toe (DF086-DF100, QZSS DF435-DF449): the same widths in 1019 and 1044. */
const G03_ORBIT: RawField[] = [
  [16, -73, 's'], // Crs
  [16, 14836, 's'], // delta n
  [32, 656653683, 's'], // M0
  [16, -25, 's'], // Cuc
  [32, 109342428], // e
  [16, 4915, 's'], // Cus
  [32, 2702011768], // sqrt(A)
  [16, 32400], // toe / 16 s
  [16, -70, 's'], // Cic
  [32, 741389484, 's'], // OMEGA0
  [16, 50, 's'], // Cis
  [32, 633352169, 's'], // i0
  [16, 5995, 's'], // Crc
  [32, 665559737, 's'], // omega
  [24, -23648, 's'], // OMEGA DOT
];

function gps1019(v: GpsValues, orbit = G03_ORBIT): RawField[] {
  return [
    [6, v.satellite], // DF009
    [10, v.week], // DF076
    [4, v.ura], // DF077
    [2, v.codesOnL2], // DF078
    [14, v.idot, 's'], // DF079
    [8, v.iode], // DF071
    [16, v.toc], // DF081
    [8, v.af2, 's'], // DF082
    [16, v.af1, 's'], // DF083
    [22, v.af0, 's'], // DF084
    [10, v.iodc], // DF085
    ...orbit, // DF086-DF100
    [8, v.tgd, 's'], // DF101
    [6, v.health], // DF102
    [1, 0], // DF103 L2 P data flag
    [1, v.fitFlag], // DF137
  ];
}

function qzss1044(v: GpsValues): RawField[] {
  return [
    [4, v.satellite], // DF429
    [16, v.toc], // DF430
    [8, v.af2, 's'], // DF431
    [16, v.af1, 's'], // DF432
    [22, v.af0, 's'], // DF433
    [8, v.iode], // DF434
    ...G03_ORBIT, // DF435-DF449
    [14, v.idot, 's'], // DF450
    [2, v.codesOnL2], // DF451
    [10, v.week], // DF452
    [4, v.ura], // DF453
    [6, v.health], // DF454
    [8, v.tgd, 's'], // DF455
    [10, v.iodc], // DF456
    [1, v.fitFlag], // DF457
  ];
}

const G03_LINES = [
  'G03 2009 12 19 00 00 00  .489834230393D-03  .522959453519D-11  .000000000000D+00',
  '      .680000000000D+02 -.228125000000D+01  .529879214453D-08  .960630544678D+00',
  '     -.465661287308D-07  .127291339450D-01  .915490090847D-05  .515367845154D+04',
  '      .518400000000D+06 -.130385160446D-06  .108459207992D+01  .931322574615D-07',
  '      .926542338573D+00  .187343750000D+03  .973659372090D+00 -.844606609827D-08',
  '      .442161274935D-09  .100000000000D+01  .156200000000D+04  .000000000000D+00',
  '      .280000000000D+01  .000000000000D+00 -.419095158577D-08  .680000000000D+02',
  '      .516000000000D+06  .400000000000D+01',
];

/** testglo R08 (1020), every number sign-magnitude. */
function glonass(overrides: { tb?: number; tk?: readonly [number, number, number]; bn?: number } = {}): RawField[] {
  const [hours, minutes, halfMinute] = overrides.tk ?? [2, 5, 1];
  return [
    [6, 8], // DF038 slot
    [5, 13], // DF040 frequency channel + 7
    [1, 1], // DF104 almanac health
    [1, 1], // DF105 almanac health availability
    [2, 0], // DF106 P1
    [5, hours], // DF107 tk: hours, minutes, 30 s
    [6, minutes],
    [1, halfMinute],
    [1, overrides.bn ?? 0], // DF108 MSB of Bn
    [1, 1], // DF109 P2
    [7, overrides.tb ?? 9], // DF110 tb / 15 min (Moscow)
    [24, 2137234, 'm'], // DF111 x velocity
    [27, -28515605, 'm'], // DF112 x
    [5, -1, 'm'], // DF113 x acceleration
    [24, 969626, 'm'], // DF114-DF116 y
    [27, -28245418, 'm'],
    [5, 0, 'm'],
    [24, 2642600, 'm'], // DF117-DF119 z
    [27, 33441232, 'm'],
    [5, -3, 'm'],
    [1, 1], // DF120 P3
    [11, 1, 'm'], // DF121 gamma
    [2, 3], // DF122 P
    [1, 0], // DF123 ln
    [22, 85360, 'm'], // DF124 tau
    [5, 1, 'm'], // DF125 delta tau
    [5, 0], // DF126 En
    [1, 1], // DF127 P4
    [4, 3], // DF128 FT
    [11, 719], // DF129 NT
    [2, 1], // DF130 M
    [1, 1], // DF131 additional data
    [11, 719], // DF132 NA
    [32, -342, 'm'], // DF133 tau c
    [5, 4], // DF134 N4
    [22, -467, 'm'], // DF135 tau GPS
    [1, 0], // DF136 ln
    [7, 0], // reserved
  ];
}

/** RINEX.md 7 A. */
const R08_LINES = [
  'R08 2009 12 18 23 15 00 -.794976949692D-04  .909494701773D-12  .515130000000D+06',
  '     -.139236352539D+05  .203822517395D+01 -.931322574615D-09  .000000000000D+00',
  '     -.137917080078D+05  .924707412720D+00  .000000000000D+00  .600000000000D+01',
  '      .163287265625D+05  .252017974854D+01 -.279396772385D-08  .000000000000D+00',
];

/** USCL E05 (1046) or, with the F/NAV tail, E03-like 1045: DF252, DF289-DF311, DF312, then the signal fields. */
function galileo(tail: readonly RawField[], satellite = 5): RawField[] {
  return [
    [6, satellite], // DF252
    [12, 1281], // DF289 GST week
    [10, 22], // DF290 IODnav
    [8, 107], // DF286 / DF291 SISA
    [14, -276, 's'], // DF292 IDOT
    [14, 5300], // DF293 toc / 60 s
    [6, 0, 's'], // DF294 af2
    [21, 250, 's'], // DF295 af1
    [31, 81238576, 's'], // DF296 af0
    [16, -1414, 's'], // DF297 Crs
    [16, 10287, 's'], // DF298 delta n
    [32, 147702287, 's'], // DF299 M0
    [16, -1064, 's'], // DF300 Cuc
    [32, 2058931], // DF301 e
    [16, 2233, 's'], // DF302 Cus
    [32, 2852437254], // DF303 sqrt(A)
    [14, 5300], // DF304 toe / 60 s
    [16, -3, 's'], // DF305 Cic
    [32, -526313428, 's'], // DF306 OMEGA0
    [16, -3, 's'], // DF307 Cis
    [32, 656649790, 's'], // DF308 i0
    [16, 7941, 's'], // DF309 Crc
    [32, -959707200, 's'], // DF310 omega
    [24, -16610, 's'], // DF311 OMEGA DOT
    [10, 19, 's'], // DF312 BGD E5a/E1
    ...tail,
  ];
}

const INAV_TAIL: RawField[] = [
  [10, 21, 's'], // DF313 BGD E5b/E1
  [2, 0], // DF316 E5b signal health
  [1, 0], // DF317 E5b data validity
  [2, 0], // DF287 E1-B signal health
  [1, 0], // DF288 E1-B data validity
  [2, 0], // reserved
];

/** RINEX.md 7 D. */
const E05_LINES = [
  'E05 2024 03 13 16 20 00  .472870748490D-02  .355271367880D-11  .000000000000D+00',
  '      .220000000000D+02 -.441875000000D+02  .367408161168D-08  .216076346001D+00',
  '     -.198185443878D-05  .239691114984D-03  .415928661823D-05  .544059229660D+04',
  '      .318000000000D+06 -.558793544769D-08 -.769953429182D+00 -.558793544769D-08',
  '      .960624849538D+00  .248156250000D+03 -.140397301368D+01 -.593238996500D-08',
  '     -.985755346381D-10  .517000000000D+03  .230500000000D+04  .000000000000D+00',
  '      .312000000000D+01  .000000000000D+00  .442378222942D-08  .488944351673D-08',
  '      .318945000000D+06  .000000000000D+00',
];

/** USCL C12 (1042): DF488-DF515. */
const C12: RawField[] = [
  [6, 12], // DF488
  [13, 949], // DF489 BDT week
  [4, 0], // DF490 URA index
  [14, -1188, 's'], // DF491 IDOT
  [5, 3], // DF492 AODE
  [17, 39600], // DF493 toc / 8 s
  [11, -10, 's'], // DF494 a2
  [22, -8758, 's'], // DF495 a1
  [24, -1822586, 's'], // DF496 a0
  [5, 2], // DF497 AODC
  [18, -6591, 's'], // DF498 Crs
  [16, 9918, 's'], // DF499 delta n
  [32, -243617981, 's'], // DF500 M0
  [18, -10936, 's'], // DF501 Cuc
  [32, 9451855], // DF502 e
  [18, 10442, 's'], // DF503 Cus
  [32, 2769619001], // DF504 sqrt(A)
  [17, 39600], // DF505 toe / 8 s
  [18, 88, 's'], // DF506 Cic
  [32, 1952619904, 's'], // DF507 OMEGA0
  [18, -40, 's'], // DF508 Cis
  [32, 671859933, 's'], // DF509 i0
  [18, 17542, 's'], // DF510 Crc
  [32, -1003208903, 's'], // DF511 omega
  [24, -19472, 's'], // DF512 OMEGA DOT
  [10, 24, 's'], // DF513 TGD1 / 0.1 ns
  [10, 4, 's'], // DF514 TGD2
  [1, 0], // DF515 SatH1
];

const C12_LINES = [
  'C12 2024 03 13 16 00 00 -.212176935747D-03 -.777866659973D-11 -.135525271561D-18',
  '      .300000000000D+01 -.102984375000D+03  .354229040776D-08 -.356393148839D+00',
  '     -.509247183800D-05  .110034074169D-02  .486243516207D-05  .528262901497D+04',
  '      .316800000000D+06  .409781932831D-07  .285652295950D+01 -.186264514923D-07',
  '      .982876042721D+00  .274093750000D+03 -.146761244148D+01 -.695457540027D-08',
  '     -.424303388225D-09  .000000000000D+00  .949000000000D+03  .000000000000D+00',
  '      .200000000000D+01  .000000000000D+00  .240000000000D-08  .400000000000D-09',
  '      .318931000000D+06  .200000000000D+01',
];

const USCL_REFERENCE = gpsMs(2024, 3, 13, 16, 35, 45);
const TESTGLO_REFERENCE = gpsMs(2009, 12, 18, 23, 20);

function decoded(bytes: Uint8Array, reference: number): Ephemeris {
  const ephemeris = decodeEphemeris(bytes, reference);
  if (!ephemeris) throw new Error('no ephemeris decoded');
  return ephemeris;
}

describe('decodeEphemeris', () => {
  it('decodes GPS 1019 into convbin’s G03 record (10-bit week 538 -> 1562, fit flag 0 -> 4 h)', () => {
    const ephemeris = decoded(payload(1019, gps1019(G03)), TESTGLO_REFERENCE);
    expect(ephemeris).toMatchObject({ system: 'G', messageType: 1019, satellite: 'G03' });
    expect(ephemeris.toc).toEqual({ year: 2009, month: 12, day: 19, hour: 0, minute: 0, second: 0 });
    expect(ephemeris.clock).toEqual([1051911 * 2 ** -31, 46 * 2 ** -43, 0]);
    expect(ephemeris.orbits[0]).toEqual([
      68,
      -73 / 32,
      14836 * 2 ** -43 * SEMICIRCLE,
      656653683 * 2 ** -31 * SEMICIRCLE,
    ]);
    expect(navigationRecord(ephemeris)).toEqual(G03_LINES);
  });

  it('writes GPS fit flag 1 ("more than 4 h") as 0 hours, as convbin does', () => {
    const ephemeris = decoded(payload(1019, gps1019({ ...G03, fitFlag: 1 })), TESTGLO_REFERENCE);
    expect(ephemeris.orbits[6]).toEqual([516000, 0]);
  });

  it('decodes GLONASS 1020 into the R08 record of RINEX.md 7 A (sign-magnitude, -tauN, tk in UTC week seconds)', () => {
    const ephemeris = decoded(payload(1020, glonass()), TESTGLO_REFERENCE);
    expect(ephemeris).toMatchObject({ system: 'R', satellite: 'R08' });
    expect(ephemeris.orbits[0]).toEqual([-28515605 / 2048, 2137234 * 2 ** -20, -1 * 2 ** -30, 0]);
    expect(navigationRecord(ephemeris)).toEqual(R08_LINES);
  });

  it('takes the GLONASS day from the receive time, across midnight both ways', () => {
    // GMSD7: received 2012-10-13 23:59:58 GPST; tb 03:15 Moscow is 00:15 UTC of the next day, tk 03:00 is 00:00.
    const late = decoded(payload(1020, glonass({ tb: 13, tk: [3, 0, 0] })), gpsMs(2012, 10, 13, 23, 59, 58));
    expect(late.toc).toMatchObject({ year: 2012, month: 10, day: 14, hour: 0, minute: 15 });
    expect(late.clock[2]).toBe(0);
    // Received just after midnight: tb 23:00 Moscow (20:00 UTC) and tk 22:00 (19:00 UTC Saturday) are the day before.
    const early = decoded(payload(1020, glonass({ tb: 92, tk: [22, 0, 0] })), gpsMs(2012, 10, 14, 0, 0, 10));
    expect(early.toc).toMatchObject({ year: 2012, month: 10, day: 13, hour: 20, minute: 0 });
    expect(early.clock[2]).toBe(6 * 86_400 + 19 * 3600);
  });

  it('keys GLONASS records by toe and health', () => {
    const healthy = decoded(payload(1020, glonass()), TESTGLO_REFERENCE);
    const unhealthy = decoded(payload(1020, glonass({ bn: 1 })), TESTGLO_REFERENCE);
    const later = decoded(payload(1020, glonass({ tb: 10 })), TESTGLO_REFERENCE);
    expect(new Set([healthy.issueKey, unhealthy.issueKey, later.issueKey]).size).toBe(3);
    expect(unhealthy.orbits[0]?.[3]).toBe(1);
  });

  it('decodes Galileo I/NAV 1046 into the E05 record of RINEX.md 7 D (data sources 517, both BGDs)', () => {
    const ephemeris = decoded(payload(1046, galileo(INAV_TAIL)), USCL_REFERENCE);
    expect(ephemeris).toMatchObject({ system: 'E', messageType: 1046, satellite: 'E05' });
    // The transmission time is the receive time (convbin writes the receive epoch; RTCM carries none).
    expect(navigationRecord(ephemeris)).toEqual(E05_LINES);
  });

  it('decodes Galileo F/NAV 1045 with data sources 258, E5a health and no E5b BGD', () => {
    const fnav = galileo([
      [2, 2], // DF314 E5a signal health: 2 = out of service
      [1, 1], // DF315 E5a data validity
      [7, 0], // reserved
    ]);
    const ephemeris = decoded(payload(1045, fnav), USCL_REFERENCE);
    expect(ephemeris.messageType).toBe(1045);
    expect(ephemeris.orbits[4]).toEqual([-276 * 2 ** -43 * SEMICIRCLE, 258, 2305, 0]);
    expect(ephemeris.orbits[5]).toEqual([3.12, 2 * 16 + 8, 19 * 2 ** -32, 0]);
    const inav = decoded(payload(1046, galileo(INAV_TAIL)), USCL_REFERENCE);
    expect(ephemeris.issueKey).toBe(inav.issueKey); // one IODnav, two records: the writer keys on the message too
  });

  it('maps Galileo SISA indices to metres and 255 to -1', () => {
    const sisaOf = (index: number): number | undefined => {
      const fields = galileo(INAV_TAIL).map((field, at): RawField => (at === 3 ? [8, index] : field));
      return decoded(payload(1046, fields), USCL_REFERENCE).orbits[5]?.[0];
    };
    expect([0, 49, 50, 74, 75, 99, 100, 125, 255].map(sisaOf)).toEqual([
      0,
      0.49,
      0.5,
      0.5 + 24 * 0.02,
      1,
      1 + 24 * 0.04,
      2,
      2 + 25 * 0.16,
      -1,
    ]);
  });

  it('decodes BDS 1042 into convbin’s C12 record (BDT toc, BDT week, transmission time in BDT)', () => {
    const ephemeris = decoded(payload(1042, C12), USCL_REFERENCE);
    expect(ephemeris).toMatchObject({ system: 'C', messageType: 1042, satellite: 'C12' });
    expect(navigationRecord(ephemeris)).toEqual(C12_LINES);
  });

  it('decodes QZSS 1044 into the GPS slots, with L2 P flag 1 and the fit interval flag itself', () => {
    const ephemeris = decoded(payload(1044, qzss1044({ ...G03, fitFlag: 1 })), TESTGLO_REFERENCE);
    expect(ephemeris).toMatchObject({ system: 'J', messageType: 1044, satellite: 'J03' });
    const expected = G03_LINES.map((line) => line.replace(/^G03/, 'J03'));
    expected[5] = expected[5]?.replace(/ \.000000000000D\+00$/, ' .100000000000D+01') ?? '';
    expected[7] = '      .516000000000D+06  .100000000000D+01';
    expect(navigationRecord(ephemeris)).toEqual(expected);
    expect(decoded(payload(1044, qzss1044(G03)), TESTGLO_REFERENCE).orbits[6]).toEqual([516000, 0]);
  });

  it('moves toe into the next week when it lies more than half a week ahead, and the transmission time with it', () => {
    // Received Saturday 22:40 of GPS week 1562 with toe = toc = 0 and week 538 (1562): toe is Sunday of 1563.
    const orbit = G03_ORBIT.map((field, index): RawField => (index === 7 ? [16, 0] : field));
    const fields = gps1019({ ...G03, toc: 0 }, orbit);
    const reference = 1562 * WEEK_MS + 600_000_000;
    const ephemeris = decoded(payload(1019, fields), reference);
    expect(ephemeris.toc).toMatchObject({ year: 2009, month: 12, day: 20, hour: 0 });
    expect(ephemeris.orbits[4]?.[2]).toBe(1563);
    expect(ephemeris.orbits[6]?.[0]).toBe(600_000 - 604_800);
  });

  it('places a 10-bit week in the 1024-week era of the reference', () => {
    const reference = gpsMs(2024, 3, 13, 16, 35, 45); // GPS week 2305 = 257 + 2 x 1024
    expect(decoded(payload(1019, gps1019({ ...G03, week: 257 })), reference).orbits[4]?.[2]).toBe(2305);
  });

  it('returns null for other messages, short payloads and satellite 0', () => {
    expect(decodeEphemeris(payload(1005, [[32, 0]]), USCL_REFERENCE)).toBeNull();
    expect(decodeEphemeris(payload(1019, gps1019(G03)).subarray(0, 60), USCL_REFERENCE)).toBeNull();
    expect(decodeEphemeris(payload(1020, glonass()).subarray(0, 44), USCL_REFERENCE)).toBeNull();
    expect(decodeEphemeris(new Uint8Array([0x3f]), USCL_REFERENCE)).toBeNull();
    expect(decodeEphemeris(payload(1019, gps1019({ ...G03, satellite: 0 })), USCL_REFERENCE)).toBeNull();
  });
});
