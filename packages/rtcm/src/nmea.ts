import { asciiText } from './nmea-stream';

/** A parsed GGA sentence. Empty fields are null. */
export interface Gga {
  /** Two-letter talker: GP, GN, GL, GA, GB, ... */
  talker: string;
  /** UTC seconds since midnight. */
  time: number | null;
  /** Signed degrees (south and west negative); null when the field is empty, as receivers without a fix send. */
  latitude: number | null;
  longitude: number | null;
  /** 0 invalid, 1 GPS, 2 DGPS, 4 RTK fixed, 5 RTK float, 6 dead reckoning, ... */
  quality: number;
  satellites: number | null;
  hdop: number | null;
  /** Antenna altitude above mean sea level, metres. */
  altitude: number | null;
  /** Geoid height above the WGS84 ellipsoid, metres (ellipsoidal height = altitude + geoidSeparation). */
  geoidSeparation: number | null;
  ageOfDifferential: number | null;
  differentialStationId: string | null;
}

/** XOR of the characters between `$` and `*`, as two upper-case hex digits. */
export function nmeaChecksum(body: string): string {
  let checksum = 0;
  for (let i = 0; i < body.length; i++) checksum ^= body.charCodeAt(i);
  return checksum.toString(16).toUpperCase().padStart(2, '0');
}

/**
 * Parses a GGA sentence from any talker, with or without trailing CR/LF. The checksum is verified when present.
 * Returns null when the sentence is not GGA, is malformed, or fails its checksum. A no-fix sentence (quality 0) is
 * still returned, with whatever position it carries: deciding whether a position is usable belongs to the caller
 * (see hasGgaPosition). NMEA is ASCII: a sentence with a character past U+00FF is rejected.
 */
export function parseGga(sentence: string): Gga | null {
  const text = sentence.trim();
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0xff) return null;
    bytes[i] = code;
  }
  return parseGgaBytes(bytes);
}

const DOLLAR = 0x24;
const STAR = 0x2a;
const COMMA = 0x2c;
const PLUS = 0x2b;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;
/** GGA's fields 0 (address) to 14 (differential station); later ones are ignored. */
const GGA_FIELDS = 15;
const fieldStarts = new Int32Array(GGA_FIELDS);
const fieldEnds = new Int32Array(GGA_FIELDS);
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);
/** 2^53: integers up to here are exact, so digits / 10^k below it is Number()'s correctly rounded value. */
const EXACT_LIMIT = 9_007_199_254_740_992;
const talkers = new Map<number, string>();

/**
 * parseGga on bytes, as a socket read holds them: `bytes[start, end)` is the sentence (surrounding ASCII whitespace
 * is ignored). Same rules and results as parseGga, without cutting the sentence into strings: the caster parses
 * every rover's GGA with it straight from the bytes read.
 */
export function parseGgaBytes(bytes: Uint8Array, start = 0, end = bytes.length): Gga | null {
  if (!readGgaFix(bytes, start, end, scratchFix)) return null;
  const latitude = coordinateField(bytes, 2, 90, 0x4e, 0x53);
  const longitude = coordinateField(bytes, 4, 180, 0x45, 0x57);
  if (Number.isNaN(latitude) || Number.isNaN(longitude)) return null;
  if ((latitude === null) !== (longitude === null)) return null;
  const altitude = decimalField(bytes, 9);
  const geoidSeparation = decimalField(bytes, 11);
  if (Number.isNaN(altitude) || Number.isNaN(geoidSeparation)) return null;
  const { quality, time, satellites, hdop, ageOfDifferential } = scratchFix;
  return {
    talker: talkerOf(bytes),
    time,
    latitude,
    longitude,
    quality,
    satellites,
    hdop,
    altitude,
    geoidSeparation,
    ageOfDifferential,
    differentialStationId: stationIdOf(bytes),
  };
}

/** What fix health reads of a GGA (issue 33): the fields of Gga it aggregates. */
export interface GgaFix {
  quality: number;
  time: number | null;
  satellites: number | null;
  hdop: number | null;
  ageOfDifferential: number | null;
}

/** parseGgaBytes reads these fields through readGgaFix, then the position. */
const scratchFix: GgaFix = { quality: 0, time: null, satellites: null, hdop: null, ageOfDifferential: null };

/**
 * The fix-health fields of the GGA in `bytes[start, end)`, read into `into` without allocating (decision 0088): for
 * the sentences of a read before its newest, whose positions nobody uses, and parseGgaBytes's first step. True when
 * the sentence is a GGA with a right checksum whose quality, time, satellites, HDOP and correction age are
 * well-formed; its coordinates, heights and station are neither read nor checked, so it accepts every sentence
 * parseGgaBytes accepts, and the rare one whose position alone is malformed.
 */
export function readGgaFix(bytes: Uint8Array, start: number, end: number, into: GgaFix): boolean {
  while (start < end && isSpace(bytes[start] as number)) start++;
  while (end > start && isSpace(bytes[end - 1] as number)) end--;
  if (start === end || bytes[start] !== DOLLAR) return false;
  if (splitCheckedBody(bytes, start + 1, end) < 7 || !isGgaAddress(bytes)) return false;
  const quality = integerField(bytes, 6);
  const time = timeField(bytes);
  const satellites = decimalField(bytes, 7);
  const hdop = decimalField(bytes, 8);
  const ageOfDifferential = decimalField(bytes, 13);
  if (
    Number.isNaN(quality) ||
    Number.isNaN(time) ||
    Number.isNaN(satellites) ||
    Number.isNaN(hdop) ||
    Number.isNaN(ageOfDifferential)
  )
    return false;
  into.quality = quality;
  into.time = time;
  into.satellites = satellites;
  into.hdop = hdop;
  into.ageOfDifferential = ageOfDifferential;
  return true;
}

/** A GGA position worth acting on (e.g. for nearest-base selection): a fix, with coordinates, not 0/0. */
export function hasGgaPosition(gga: Gga): gga is Gga & { latitude: number; longitude: number } {
  if (gga.quality === 0 || gga.latitude === null || gga.longitude === null) return false;
  return gga.latitude !== 0 || gga.longitude !== 0;
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);
}

/**
 * One pass over the body (after `$`, up to the first `*` or the end): records where fields 0..14 start and end
 * (missing ones are empty) and checks the checksum when there is a `*` (two hex digits, either case, and nothing
 * after them). Answers how many fields there are, or -1 when the checksum is wrong.
 */
function splitCheckedBody(bytes: Uint8Array, from: number, end: number): number {
  let checksum = 0;
  let count = 0;
  let fieldStart = from;
  let i = from;
  for (; i < end; i++) {
    const byte = bytes[i] as number;
    if (byte === STAR) break;
    checksum ^= byte;
    if (byte !== COMMA) continue;
    if (count < GGA_FIELDS) {
      fieldStarts[count] = fieldStart;
      fieldEnds[count] = i;
    }
    count++;
    fieldStart = i + 1;
  }
  if (i < end) {
    if (end - i !== 3) return -1;
    if (((hexValue(bytes[i + 1] as number) << 4) | hexValue(bytes[i + 2] as number)) !== checksum) return -1;
  }
  for (let index = count; index < GGA_FIELDS; index++) {
    fieldStarts[index] = index === count ? fieldStart : i;
    fieldEnds[index] = i;
  }
  return count + 1;
}

/** 0..15 for a hex digit of either case; 256 (never a checksum nibble pair) otherwise. */
function hexValue(byte: number): number {
  if (byte >= ZERO && byte <= 0x39) return byte - ZERO;
  const upper = byte & ~0x20;
  return upper >= 0x41 && upper <= 0x46 ? upper - 0x37 : 256;
}

/** Two upper-case letters, then GGA. */
function isGgaAddress(bytes: Uint8Array): boolean {
  const at = fieldStarts[0] as number;
  if ((fieldEnds[0] as number) - at !== 5) return false;
  return (
    isUpper(bytes[at] as number) &&
    isUpper(bytes[at + 1] as number) &&
    bytes[at + 2] === 0x47 &&
    bytes[at + 3] === 0x47 &&
    bytes[at + 4] === 0x41
  );
}

function isUpper(byte: number): boolean {
  return byte >= 0x41 && byte <= 0x5a;
}

function talkerOf(bytes: Uint8Array): string {
  const at = fieldStarts[0] as number;
  const key = ((bytes[at] as number) << 8) | (bytes[at + 1] as number);
  let talker = talkers.get(key);
  if (talker === undefined) {
    talker = asciiText(bytes, at, at + 2);
    talkers.set(key, talker);
  }
  return talker;
}

function stationIdOf(bytes: Uint8Array): string | null {
  const from = fieldStarts[14] as number;
  const end = fieldEnds[14] as number;
  return from === end ? null : asciiText(bytes, from, end);
}

function isDigit(byte: number): boolean {
  return byte >= ZERO && byte <= 0x39;
}

/**
 * Number() of `bytes[from, end)` when it reads /^[+-]?(?:\d+\.?\d*|\.\d+)$/, else NaN. Digits over 2^53 or more
 * than 22 decimals go through Number() itself, so the value is always the one Number() gives.
 */
function decimal(bytes: Uint8Array, from: number, end: number): number {
  let i = from;
  const sign = bytes[i] === MINUS ? -1 : 1;
  if (bytes[i] === MINUS || bytes[i] === PLUS) i++;
  let digits = 0;
  let decimals = 0;
  let hasPoint = false;
  let mantissa = 0;
  for (; i < end; i++) {
    const byte = bytes[i] as number;
    if (isDigit(byte)) {
      mantissa = mantissa * 10 + (byte - ZERO);
      digits++;
      if (hasPoint) decimals++;
    } else if (byte === DOT && !hasPoint) hasPoint = true;
    else return Number.NaN;
  }
  if (digits === 0) return Number.NaN;
  if (mantissa >= EXACT_LIMIT || decimals >= POWERS_OF_TEN.length) return Number(asciiText(bytes, from, end));
  return (sign * mantissa) / (POWERS_OF_TEN[decimals] as number);
}

/** A numeric field: null when empty, NaN when malformed. */
function decimalField(bytes: Uint8Array, index: number): number | null {
  const from = fieldStarts[index] as number;
  const end = fieldEnds[index] as number;
  return from === end ? null : decimal(bytes, from, end);
}

/** Digits only (the fix quality); NaN otherwise, empty included. */
function integerField(bytes: Uint8Array, index: number): number {
  const from = fieldStarts[index] as number;
  const end = fieldEnds[index] as number;
  for (let i = from; i < end; i++) if (!isDigit(bytes[i] as number)) return Number.NaN;
  return decimal(bytes, from, end);
}

/** hhmmss(.s+) as UTC seconds since midnight; null when empty, NaN when malformed or out of range. */
function timeField(bytes: Uint8Array): number | null {
  const from = fieldStarts[1] as number;
  const end = fieldEnds[1] as number;
  if (from === end) return null;
  if (end - from < 6 || end - from === 7) return Number.NaN;
  for (let i = from; i < from + 6; i++) if (!isDigit(bytes[i] as number)) return Number.NaN;
  if (end - from > 6) {
    if (bytes[from + 6] !== DOT) return Number.NaN;
    for (let i = from + 7; i < end; i++) if (!isDigit(bytes[i] as number)) return Number.NaN;
  }
  const hours = twoDigits(bytes, from);
  const minutes = twoDigits(bytes, from + 2);
  const seconds = decimal(bytes, from + 4, end);
  if (hours > 23 || minutes > 59 || seconds >= 61) return Number.NaN;
  return hours * 3600 + minutes * 60 + seconds;
}

function twoDigits(bytes: Uint8Array, at: number): number {
  return ((bytes[at] as number) - ZERO) * 10 + ((bytes[at + 1] as number) - ZERO);
}

/**
 * NMEA writes (d)ddmm.mmmm and a hemisphere letter. The last two integer digits are minutes; whatever precedes them is
 * degrees, so senders that drop leading zeros (1131.0 for 011 31.0) still parse. Null when both fields are empty,
 * NaN when malformed or out of range.
 */
function coordinateField(
  bytes: Uint8Array,
  index: number,
  maxDegrees: number,
  positive: number,
  negative: number,
): number | null {
  const from = fieldStarts[index] as number;
  const end = fieldEnds[index] as number;
  const hemisphereAt = fieldStarts[index + 1] as number;
  const hemisphereLength = (fieldEnds[index + 1] as number) - hemisphereAt;
  if (from === end && hemisphereLength === 0) return null;
  const hemisphere = bytes[hemisphereAt];
  if (hemisphereLength !== 1 || (hemisphere !== positive && hemisphere !== negative)) return Number.NaN;
  // (\d{0,3})(\d{2}(?:\.\d*)?): 2 to 5 integer digits, then an optional point and decimals.
  let point = from;
  let integer = 0;
  for (; point < end && isDigit(bytes[point] as number); point++)
    integer = integer * 10 + (bytes[point] as number) - ZERO;
  if (point - from < 2 || point - from > 5) return Number.NaN;
  if (point < end && bytes[point] !== DOT) return Number.NaN;
  let fraction = 0;
  let decimals = 0;
  for (let i = point + 1; i < end; i++, decimals++) {
    const byte = bytes[i] as number;
    if (!isDigit(byte)) return Number.NaN;
    fraction = fraction * 10 + byte - ZERO;
  }
  const degrees = Math.floor(integer / 100);
  // The minutes' digits as one integer over 10^decimals: exact, so the same value as Number() of their text.
  const scale = POWERS_OF_TEN[decimals];
  const minuteUnits = scale === undefined ? Number.POSITIVE_INFINITY : (integer % 100) * scale + fraction;
  const minutes = minuteUnits < EXACT_LIMIT ? minuteUnits / (scale as number) : decimal(bytes, point - 2, end);
  const value = degrees + minutes / 60;
  if (minutes >= 60 || value > maxDegrees) return Number.NaN;
  return hemisphere === negative ? -value : value;
}

export interface BuildGgaInput {
  latitude: number;
  longitude: number;
  /** Altitude above mean sea level, metres. */
  altitude: number;
  /** Defaults to now. A Date, or UTC seconds since midnight. */
  time?: Date | number;
  /** Defaults to 1 (GPS fix). */
  quality?: number;
  satellites?: number;
  hdop?: number;
  geoidSeparation?: number;
  /** Defaults to GP, which every caster and receiver accepts. */
  talker?: string;
}

/** A GGA sentence with checksum, without the CR LF line ending (append it when writing to a socket). */
export function buildGga(input: BuildGgaInput): string {
  const fields = [
    `${input.talker ?? 'GP'}GGA`,
    formatTime(input.time ?? new Date()),
    formatCoordinate(Math.abs(input.latitude), 2),
    input.latitude < 0 ? 'S' : 'N',
    formatCoordinate(Math.abs(input.longitude), 3),
    input.longitude < 0 ? 'W' : 'E',
    String(input.quality ?? 1),
    String(input.satellites ?? 12).padStart(2, '0'),
    (input.hdop ?? 1).toFixed(1),
    input.altitude.toFixed(3),
    'M',
    (input.geoidSeparation ?? 0).toFixed(3),
    'M',
    '',
    '',
  ];
  const body = fields.join(',');
  return `$${body}*${nmeaChecksum(body)}`;
}

function formatTime(time: Date | number): string {
  const centiseconds =
    typeof time === 'number' ? Math.round(time * 100) : Math.floor((time.getTime() % 86_400_000) / 10);
  const hours = Math.floor(centiseconds / 360_000) % 24;
  const minutes = Math.floor(centiseconds / 6000) % 60;
  const seconds = (centiseconds % 6000) / 100;
  return `${pad(hours, 2)}${pad(minutes, 2)}${seconds.toFixed(2).padStart(5, '0')}`;
}

/** Integer arithmetic on 1e-7 minutes (0.2 mm) so that 59.99999999 never prints as 60 minutes. */
function formatCoordinate(degrees: number, degreeDigits: number): string {
  const unitsPerMinute = 10_000_000;
  const units = Math.round(degrees * 60 * unitsPerMinute);
  const wholeDegrees = Math.floor(units / (60 * unitsPerMinute));
  const minuteUnits = units - wholeDegrees * 60 * unitsPerMinute;
  const wholeMinutes = Math.floor(minuteUnits / unitsPerMinute);
  const fraction = minuteUnits - wholeMinutes * unitsPerMinute;
  return `${pad(wholeDegrees, degreeDigits)}${pad(wholeMinutes, 2)}.${pad(fraction, 7)}`;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
