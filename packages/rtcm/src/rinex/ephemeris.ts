// RTCM 3 broadcast ephemerides (1019 GPS, 1020 GLONASS, 1042 BDS, 1044 QZSS, 1045/1046 Galileo) decoded into the
// values of a RINEX 3.04 navigation record, following convbin's conventions (RINEX.md section 2, pitfall 11).
import { BitReader } from '../bits';
import {
  BDS_1042,
  type Fields,
  GALILEO_1045,
  GALILEO_1046,
  type GalileoFields,
  GLONASS_1020,
  GPS_1019,
  type KeplerFields,
  QZSS_1044,
  readFields,
} from './ephemeris-fields';
import {
  BDS_ORIGIN_GPS_MS,
  type KeplerTimes,
  nearestUtcDay,
  resolveKeplerTimes,
  utcSecondsOfWeek,
} from './ephemeris-time';
import { BDT_OFFSET_MS, type CalendarTime, gpsCalendar, gpsToUnix, unixToGps, utcCalendar } from './time';

export type EphemerisSystem = 'G' | 'R' | 'E' | 'C' | 'J';

interface EphemerisRecord {
  /** RINEX satellite id: system letter and two digits ('G05', 'R08', 'J01'). */
  satellite: string;
  /** toc (GLONASS: tb) as GPS milliseconds, to order records of every system on one time line. */
  tocGpsMs: number;
  /** toc as the SV / EPOCH line prints it, in the satellite's own scale: GPST, GST, QZST, BDT, UTC for GLONASS. */
  toc: CalendarTime;
  /**
   * Changes when the broadcast data set does: toe with IODE (GPS, QZSS), IODnav (Galileo), AODE and AODC (BDS), or
   * with the health flag (GLONASS). A writer keeps the first record of each key (RINEX.md pitfall 11).
   */
  issueKey: string;
  /** SV clock values of the SV / EPOCH line (GLONASS: -tauN, gammaN, message frame time). */
  clock: readonly [number, number, number];
  /** BROADCAST ORBIT lines in order, each of up to four values, in RINEX units (s, m, rad, km for GLONASS). */
  orbits: ReadonlyArray<readonly number[]>;
}

export interface GpsEphemeris extends EphemerisRecord {
  system: 'G';
  messageType: 1019;
}
export interface GlonassEphemeris extends EphemerisRecord {
  system: 'R';
  messageType: 1020;
}
export interface GalileoEphemeris extends EphemerisRecord {
  system: 'E';
  /** F/NAV (1045) and I/NAV (1046) each make their own record, even with the same IODnav. */
  messageType: 1045 | 1046;
}
export interface BdsEphemeris extends EphemerisRecord {
  system: 'C';
  messageType: 1042;
}
export interface QzssEphemeris extends EphemerisRecord {
  system: 'J';
  messageType: 1044;
}

export type Ephemeris = GpsEphemeris | GlonassEphemeris | GalileoEphemeris | BdsEphemeris | QzssEphemeris;

/** GPS/QZSS/BDS URA index to metres (RINEX.md section 2). */
const URA_METRES = [2, 2.8, 4, 5.7, 8, 11.3, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192];
const uraMetres = (index: number): number => URA_METRES[index] ?? 8192;

/** Galileo SISA index to metres; 126-255 (255 = no accuracy prediction available) give -1. */
function sisaMetres(index: number): number {
  if (index <= 49) return index * 0.01;
  if (index <= 74) return 0.5 + (index - 50) * 0.02;
  if (index <= 99) return 1 + (index - 75) * 0.04;
  if (index <= 125) return 2 + (index - 100) * 0.16;
  return -1;
}

/** Galileo data sources (RINEX 3.04): F/NAV E5a-I with E5a/E1 clock; I/NAV E1-B and E5b-I with E5b/E1 clock. */
const FNAV_DATA_SOURCES = 0b1_0000_0010;
const INAV_DATA_SOURCES = 0b10_0000_0101;
/** GPS DF137 = 0 means a 4 h curve fit; for 1 ("more than 4 h") convbin writes 0, RINEX's hours being unknown. */
const GPS_FIT_HOURS = 4;
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

const satelliteId = (system: EphemerisSystem, id: number): string => `${system}${String(id).padStart(2, '0')}`;
const negate = (value: number): number => (value === 0 ? 0 : -value);

/** BROADCAST ORBIT 1-4, identical in layout for GPS, QZSS, Galileo and BDS. */
function keplerLines(issue: number, f: KeplerFields): number[][] {
  return [
    [issue, f.crs, f.deltaN, f.m0],
    [f.cuc, f.e, f.cus, f.sqrtA],
    [f.toe, f.cic, f.omega0, f.cis],
    [f.i0, f.crc, f.omega, f.omegaDot],
  ];
}

function gpsScaleEpoch(times: KeplerTimes): Pick<EphemerisRecord, 'tocGpsMs' | 'toc'> {
  return { tocGpsMs: times.tocGpsMs, toc: gpsCalendar(times.tocGpsMs) };
}

function gpsTimes(f: Fields<typeof GPS_1019> | Fields<typeof QZSS_1044>, referenceGpsMs: number): KeplerTimes {
  return resolveKeplerTimes({
    week: f.week,
    weekModulus: 1024,
    toeSeconds: f.toe,
    tocSeconds: f.toc,
    referenceGpsMs,
    originGpsMs: 0,
  });
}

function decodeGps(payload: Uint8Array, referenceGpsMs: number): GpsEphemeris | null {
  const f = readFields(payload, GPS_1019);
  if (!f || f.satellite === 0) return null;
  const times = gpsTimes(f, referenceGpsMs);
  return {
    system: 'G',
    messageType: 1019,
    satellite: satelliteId('G', f.satellite),
    ...gpsScaleEpoch(times),
    issueKey: `${times.toeGpsMs}/${f.iode}`,
    clock: [f.af0, f.af1, f.af2],
    orbits: [
      ...keplerLines(f.iode, f),
      [f.idot, f.codesOnL2, times.week, f.l2PFlag],
      [uraMetres(f.ura), f.health, f.tgd, f.iodc],
      [times.transmissionSeconds, f.fitFlag === 0 ? GPS_FIT_HOURS : 0],
    ],
  };
}

function decodeQzss(payload: Uint8Array, referenceGpsMs: number): QzssEphemeris | null {
  const f = readFields(payload, QZSS_1044);
  if (!f || f.satellite === 0) return null;
  const times = gpsTimes(f, referenceGpsMs);
  return {
    system: 'J',
    messageType: 1044,
    satellite: satelliteId('J', f.satellite),
    ...gpsScaleEpoch(times),
    issueKey: `${times.toeGpsMs}/${f.iode}`,
    clock: [f.af0, f.af1, f.af2],
    orbits: [
      ...keplerLines(f.iode, f),
      // RINEX 3.04 sets the L2 P data flag to 1 for QZSS (no L2 P) and takes the fit flag itself (0: 2 h, 1: more).
      [f.idot, f.codesOnL2, times.week, 1],
      [uraMetres(f.ura), f.health, f.tgd, f.iodc],
      [times.transmissionSeconds, f.fitFlag],
    ],
  };
}

interface GalileoSignal {
  messageType: 1045 | 1046;
  dataSources: number;
  health: number;
  bgdE5b: number;
}

function galileoRecord(f: GalileoFields, signal: GalileoSignal, referenceGpsMs: number): GalileoEphemeris | null {
  if (f.satellite === 0) return null;
  // DF289 counts GST weeks (GPS week - 1024, 12 bits); RINEX writes the GPS-aligned continuous week.
  const times = resolveKeplerTimes({
    week: f.week + 1024,
    weekModulus: 4096,
    toeSeconds: f.toe,
    tocSeconds: f.toc,
    referenceGpsMs,
    originGpsMs: 0,
  });
  return {
    system: 'E',
    messageType: signal.messageType,
    satellite: satelliteId('E', f.satellite),
    ...gpsScaleEpoch(times),
    issueKey: `${times.toeGpsMs}/${f.iodnav}`,
    clock: [f.af0, f.af1, f.af2],
    orbits: [
      ...keplerLines(f.iodnav, f),
      [f.idot, signal.dataSources, times.week, 0],
      [sisaMetres(f.sisa), signal.health, f.bgdE5a, signal.bgdE5b],
      [times.transmissionSeconds, 0],
    ],
  };
}

/** Health bits (RINEX 3.04): 0 E1-B DVS, 1-2 E1-B HS, 3 E5a DVS, 4-5 E5a HS, 6 E5b DVS, 7-8 E5b HS. */
function decodeGalileo(payload: Uint8Array, messageType: 1045 | 1046, referenceGpsMs: number): GalileoEphemeris | null {
  if (messageType === 1045) {
    const f = readFields(payload, GALILEO_1045);
    if (!f) return null;
    const health = f.e5aHealth * 16 + f.e5aValidity * 8;
    return galileoRecord(f, { messageType, dataSources: FNAV_DATA_SOURCES, health, bgdE5b: 0 }, referenceGpsMs);
  }
  const f = readFields(payload, GALILEO_1046);
  if (!f) return null;
  const health = f.e5bHealth * 128 + f.e5bValidity * 64 + f.e1bHealth * 2 + f.e1bValidity;
  return galileoRecord(f, { messageType, dataSources: INAV_DATA_SOURCES, health, bgdE5b: f.bgdE5b }, referenceGpsMs);
}

function decodeBds(payload: Uint8Array, referenceGpsMs: number): BdsEphemeris | null {
  const f = readFields(payload, BDS_1042);
  if (!f || f.satellite === 0) return null;
  const times = resolveKeplerTimes({
    week: f.week,
    weekModulus: 8192,
    toeSeconds: f.toe,
    tocSeconds: f.toc,
    referenceGpsMs,
    originGpsMs: BDS_ORIGIN_GPS_MS,
  });
  return {
    system: 'C',
    messageType: 1042,
    satellite: satelliteId('C', f.satellite),
    tocGpsMs: times.tocGpsMs,
    toc: gpsCalendar(times.tocGpsMs - BDT_OFFSET_MS),
    issueKey: `${times.toeGpsMs}/${f.aode}/${f.aodc}`,
    clock: [f.af0, f.af1, f.af2],
    orbits: [
      ...keplerLines(f.aode, f),
      [f.idot, 0, times.week, 0],
      [uraMetres(f.ura), f.health, f.tgd1, f.tgd2],
      [times.transmissionSeconds, f.aodc],
    ],
  };
}

/** tb and tk are Moscow times of day; their day is the one nearest the receive time (RTKLIB adjday). */
function decodeGlonass(payload: Uint8Array, referenceGpsMs: number): GlonassEphemeris | null {
  const f = readFields(payload, GLONASS_1020);
  if (!f || f.satellite === 0) return null;
  const receiveUnixMs = gpsToUnix(referenceGpsMs);
  const tocUnixMs = nearestUtcDay(f.tb * 900_000 - MOSCOW_OFFSET_MS, receiveUnixMs);
  const tkSeconds = f.tkHours * 3600 + f.tkMinutes * 60 + f.tkHalfMinutes * 30;
  const tkUnixMs = nearestUtcDay(tkSeconds * 1000 - MOSCOW_OFFSET_MS, receiveUnixMs);
  return {
    system: 'R',
    messageType: 1020,
    satellite: satelliteId('R', f.satellite),
    tocGpsMs: unixToGps(tocUnixMs),
    toc: utcCalendar(tocUnixMs),
    issueKey: `${tocUnixMs}/${f.bnMsb}`,
    clock: [negate(f.tau), f.gamma, utcSecondsOfWeek(tkUnixMs)],
    orbits: [
      [f.x, f.xDot, f.xAcc, f.bnMsb],
      [f.y, f.yDot, f.yAcc, f.channel - 7],
      [f.z, f.zDot, f.zAcc, f.age],
    ],
  };
}

/**
 * Decodes an ephemeris message payload (starting with the 12-bit message number). `referenceGpsMs` is the receive
 * time in GPS ms: it completes the truncated weeks and GLONASS days and is written as the transmission time.
 * Null for other message types, payloads too short for their type, or satellite id 0.
 */
export function decodeEphemeris(payload: Uint8Array, referenceGpsMs: number): Ephemeris | null {
  if (payload.length < 2) return null;
  const messageType = new BitReader(payload).readUnsigned(12);
  switch (messageType) {
    case 1019:
      return decodeGps(payload, referenceGpsMs);
    case 1020:
      return decodeGlonass(payload, referenceGpsMs);
    case 1042:
      return decodeBds(payload, referenceGpsMs);
    case 1044:
      return decodeQzss(payload, referenceGpsMs);
    case 1045:
    case 1046:
      return decodeGalileo(payload, messageType, referenceGpsMs);
    default:
      return null;
  }
}
