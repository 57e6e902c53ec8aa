/** N none, B Basic, D Digest. */
export type StreamAuthentication = 'N' | 'B' | 'D';
/** N free, Y charged. */
export type StreamFee = 'N' | 'Y';

/** A data stream (mountpoint). Field order is the STR line's order. */
export interface StrRecord {
  type: 'STR';
  mountpoint: string;
  identifier: string;
  format: string;
  /** e.g. `1004(1),1005(10)`: message types with update periods in seconds. */
  formatDetails: string;
  /** 0 no carrier phase, 1 L1, 2 L1 and L2. */
  carrier: number;
  navSystem: string;
  network: string;
  /** ISO 3166 alpha-3. */
  country: string;
  latitude: number;
  longitude: number;
  /** 1 when the client must send GGA (nearest base, VRS). */
  nmea: number;
  /** 0 single base, 1 network. */
  solution: number;
  generator: string;
  comprEncryp: string;
  authentication: StreamAuthentication;
  fee: StreamFee;
  /** Bits per second. */
  bitrate: number;
  misc: string;
}

export interface CasRecord {
  type: 'CAS';
  host: string;
  port: number;
  identifier: string;
  operator: string;
  /** 1 when the caster accepts GGA from clients. */
  nmea: number;
  country: string;
  latitude: number;
  longitude: number;
  fallbackHost: string;
  fallbackPort: number;
  misc: string;
}

export interface NetRecord {
  type: 'NET';
  identifier: string;
  operator: string;
  authentication: StreamAuthentication;
  fee: StreamFee;
  webNet: string;
  webStr: string;
  webReg: string;
  misc: string;
}

export type SourcetableRecord = StrRecord | CasRecord | NetRecord;

export const END_SOURCETABLE = 'ENDSOURCETABLE';
/** STR plus its 18 data fields. */
const STR_FIELD_COUNT = 19;

/** The record's fields as written, type first; the filter matches on these positions. */
export function recordFields(record: SourcetableRecord): string[] {
  switch (record.type) {
    case 'STR':
      return strFields(record);
    case 'CAS':
      return casFields(record);
    case 'NET':
      return netFields(record);
  }
}

/** One sourcetable line, without its CRLF. */
export function formatRecord(record: SourcetableRecord): string {
  return recordFields(record).join(';');
}

/** The whole table: one CRLF-terminated line per record, then `ENDSOURCETABLE\r\n`. */
export function renderSourcetable(records: readonly SourcetableRecord[]): string {
  return `${records.map((record) => `${formatRecord(record)}\r\n`).join('')}${END_SOURCETABLE}\r\n`;
}

/**
 * Reads an STR line from an upstream caster's table or a source's `STR:`/`Ntrip-STR` header, with or
 * without the leading `STR;`. A misc field containing ';' is kept whole, a missing misc reads as ''.
 * Returns undefined when a field cannot be read: a guessed value would be worse than no record.
 */
export function parseStrRecord(line: string): StrRecord | undefined {
  let fields = line.replace(/\r?\n$/, '').split(';');
  const type = fields[0]?.trim().toUpperCase();
  if (type === 'CAS' || type === 'NET') return undefined;
  if (type === 'STR') fields = fields.slice(1);
  if (fields.length < STR_FIELD_COUNT - 2) return undefined;
  const text = (index: number) => (fields[index] ?? '').trim();

  const mountpoint = text(0);
  const carrier = parseInteger(text(4));
  const latitude = parseDecimal(text(8));
  const longitude = parseDecimal(text(9));
  const nmea = parseInteger(text(10));
  const solution = parseInteger(text(11));
  const authentication = parseAuthentication(text(14));
  const fee = parseFee(text(15));
  const bitrate = parseInteger(text(16));
  if (
    mountpoint === '' ||
    carrier === undefined ||
    latitude === undefined ||
    longitude === undefined ||
    nmea === undefined ||
    solution === undefined ||
    authentication === undefined ||
    fee === undefined ||
    bitrate === undefined
  ) {
    return undefined;
  }
  return {
    type: 'STR',
    mountpoint,
    identifier: text(1),
    format: text(2),
    formatDetails: text(3),
    carrier,
    navSystem: text(5),
    network: text(6),
    country: text(7),
    latitude,
    longitude,
    nmea,
    solution,
    generator: text(12),
    comprEncryp: text(13),
    authentication,
    fee,
    bitrate,
    misc: fields
      .slice(STR_FIELD_COUNT - 2)
      .join(';')
      .trim(),
  };
}

/**
 * Makes free text safe inside a field: ';' would shift every later field and CR/LF would end the line,
 * so ';' becomes ',' and control characters (C0, DEL, C1) become spaces.
 */
export function sanitizeField(value: string): string {
  return value.replace(/;/g, ',').replace(/\p{Cc}/gu, ' ');
}

function strFields(record: StrRecord): string[] {
  return [
    'STR',
    sanitizeField(record.mountpoint),
    sanitizeField(record.identifier),
    sanitizeField(record.format),
    sanitizeField(record.formatDetails),
    formatInteger(record.carrier),
    sanitizeField(record.navSystem),
    sanitizeField(record.network),
    sanitizeField(record.country),
    formatCoordinate(record.latitude),
    formatCoordinate(record.longitude),
    formatInteger(record.nmea),
    formatInteger(record.solution),
    sanitizeField(record.generator),
    sanitizeField(record.comprEncryp),
    record.authentication,
    record.fee,
    formatInteger(record.bitrate),
    sanitizeField(record.misc),
  ];
}

function casFields(record: CasRecord): string[] {
  return [
    'CAS',
    sanitizeField(record.host),
    formatInteger(record.port),
    sanitizeField(record.identifier),
    sanitizeField(record.operator),
    formatInteger(record.nmea),
    sanitizeField(record.country),
    formatCoordinate(record.latitude),
    formatCoordinate(record.longitude),
    sanitizeField(record.fallbackHost),
    formatInteger(record.fallbackPort),
    sanitizeField(record.misc),
  ];
}

function netFields(record: NetRecord): string[] {
  return [
    'NET',
    sanitizeField(record.identifier),
    sanitizeField(record.operator),
    record.authentication,
    record.fee,
    sanitizeField(record.webNet),
    sanitizeField(record.webStr),
    sanitizeField(record.webReg),
    sanitizeField(record.misc),
  ];
}

/** Two decimals, as the format requires; never "-0.00". */
function formatCoordinate(value: number): string {
  if (!Number.isFinite(value)) return '0.00';
  const text = value.toFixed(2);
  return text === '-0.00' ? '0.00' : text;
}

function formatInteger(value: number): string {
  return Number.isFinite(value) ? String(Math.trunc(value)) : '0';
}

function parseInteger(text: string): number | undefined {
  // Real tables leave bitrate and friends empty often enough; empty means 0.
  if (text === '') return 0;
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

function parseDecimal(text: string): number | undefined {
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : undefined;
}

function parseAuthentication(text: string): StreamAuthentication | undefined {
  const value = text.toUpperCase();
  return value === 'N' || value === 'B' || value === 'D' ? value : undefined;
}

function parseFee(text: string): StreamFee | undefined {
  const value = text.toUpperCase();
  return value === 'N' || value === 'Y' ? value : undefined;
}
