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

const GGA_ADDRESS = /^[A-Z]{2}GGA$/;
const TIME = /^(\d{2})(\d{2})(\d{2}(?:\.\d+)?)$/;
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
const COORDINATE = /^(\d{0,3})(\d{2}(?:\.\d*)?)$/;

/**
 * Parses a GGA sentence from any talker, with or without trailing CR/LF. The checksum is verified when present.
 * Returns null when the sentence is not GGA, is malformed, or fails its checksum. A no-fix sentence (quality 0) is
 * still returned, with whatever position it carries: deciding whether a position is usable belongs to the caller
 * (see hasGgaPosition).
 */
export function parseGga(sentence: string): Gga | null {
  const body = sentenceBody(sentence.trim());
  if (body === null) return null;
  const fields = body.split(',');
  const address = fields[0] ?? '';
  if (!GGA_ADDRESS.test(address) || fields.length < 7) return null;
  const field = (index: number): string => fields[index] ?? '';

  const quality = parseInteger(field(6));
  const time = parseTime(field(1));
  const latitude = parseCoordinate(field(2), field(3), 90, 'N', 'S');
  const longitude = parseCoordinate(field(4), field(5), 180, 'E', 'W');
  if (quality === null || time === undefined || latitude === undefined || longitude === undefined) return null;
  if ((latitude === null) !== (longitude === null)) return null;
  const numbers = [7, 8, 9, 11, 13].map((index) => parseOptionalNumber(field(index)));
  if (numbers.some((value) => value === undefined)) return null;
  const [satellites, hdop, altitude, geoidSeparation, ageOfDifferential] = numbers as Array<number | null>;
  return {
    talker: address.slice(0, 2),
    time,
    latitude,
    longitude,
    quality,
    satellites: satellites ?? null,
    hdop: hdop ?? null,
    altitude: altitude ?? null,
    geoidSeparation: geoidSeparation ?? null,
    ageOfDifferential: ageOfDifferential ?? null,
    differentialStationId: field(14) === '' ? null : field(14),
  };
}

/** A GGA position worth acting on (e.g. for nearest-base selection): a fix, with coordinates, not 0/0. */
export function hasGgaPosition(gga: Gga): gga is Gga & { latitude: number; longitude: number } {
  if (gga.quality === 0 || gga.latitude === null || gga.longitude === null) return false;
  return gga.latitude !== 0 || gga.longitude !== 0;
}

/** The text between `$` and `*`, or null when the framing or checksum is wrong. */
function sentenceBody(sentence: string): string | null {
  if (!sentence.startsWith('$')) return null;
  const star = sentence.indexOf('*');
  if (star === -1) return sentence.slice(1);
  const body = sentence.slice(1, star);
  const checksum = sentence.slice(star + 1);
  return checksum.toUpperCase() === nmeaChecksum(body) ? body : null;
}

function parseInteger(text: string): number | null {
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** null for an empty field, undefined for a malformed one. */
function parseOptionalNumber(text: string): number | null | undefined {
  if (text === '') return null;
  return DECIMAL.test(text) ? Number(text) : undefined;
}

function parseTime(text: string): number | null | undefined {
  if (text === '') return null;
  const match = TIME.exec(text);
  if (!match) return undefined;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (hours > 23 || minutes > 59 || seconds >= 61) return undefined;
  return hours * 3600 + minutes * 60 + seconds;
}

/**
 * NMEA writes (d)ddmm.mmmm and a hemisphere letter. The last two integer digits are minutes; whatever precedes them is
 * degrees, so senders that drop leading zeros (1131.0 for 011 31.0) still parse.
 */
function parseCoordinate(
  text: string,
  hemisphere: string,
  maxDegrees: number,
  positive: string,
  negative: string,
): number | null | undefined {
  if (text === '' && hemisphere === '') return null;
  if (hemisphere !== positive && hemisphere !== negative) return undefined;
  const match = COORDINATE.exec(text);
  if (!match) return undefined;
  const degrees = Number(match[1] || '0');
  const minutes = Number(match[2]);
  const value = degrees + minutes / 60;
  if (minutes >= 60 || value > maxDegrees) return undefined;
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
