import { BitReader } from './bits';

export type Constellation = 'GPS' | 'GLONASS' | 'Galileo' | 'SBAS' | 'QZSS' | 'BeiDou' | 'NavIC';
export type MsmLevel = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface MsmKind {
  constellation: Constellation;
  level: MsmLevel;
}

/** First message number of each constellation's block (MSM1 is base + 1 ... MSM7 is base + 7). */
const MSM_BLOCKS: ReadonlyArray<readonly [number, Constellation]> = [
  [1070, 'GPS'],
  [1080, 'GLONASS'],
  [1090, 'Galileo'],
  [1100, 'SBAS'],
  [1110, 'QZSS'],
  [1120, 'BeiDou'],
  [1130, 'NavIC'],
];

/** The constellation and level of an MSM message number, or null when it is not an MSM. */
export function msmKind(messageType: number): MsmKind | null {
  const level = messageType % 10;
  if (level < 1 || level > 7) return null;
  const base = messageType - level;
  for (const [blockBase, constellation] of MSM_BLOCKS) {
    if (blockBase === base) return { constellation, level: level as MsmLevel };
  }
  return null;
}

export function isMsm(messageType: number): boolean {
  return msmKind(messageType) !== null;
}

/** The MSM message number for a constellation and level (e.g. GPS, 4 -> 1074). */
export function msmMessageType(constellation: Constellation, level: MsmLevel): number {
  const block = MSM_BLOCKS.find(([, name]) => name === constellation);
  if (!block) throw new RangeError(`No MSM block for ${constellation}`);
  return block[0] + level;
}

export interface MsmHeader extends MsmKind {
  messageType: number;
  stationId: number;
  /**
   * The raw 30-bit epoch time field: milliseconds of the week in the constellation's own time scale (GPS, Galileo,
   * QZSS, SBAS and NavIC in GPS time, BeiDou in BDT), or for GLONASS day of week (3 bits) and milliseconds of the
   * Moscow day (27 bits). See gnss-time.ts.
   */
  epochTime: number;
  /** More MSMs for the same epoch follow. */
  multipleMessage: boolean;
  /** Issue of data station. */
  iods: number;
  clockSteering: number;
  externalClock: number;
  smoothing: boolean;
  smoothingInterval: number;
  /** Satellite ids (1-64) in mask order. */
  satellites: number[];
  /** Signal ids (1-32) in mask order. */
  signals: number[];
  /** cells[s][g]: satellite s tracks signal g (indices into satellites and signals). */
  cells: boolean[][];
  cellCount: number;
  /** Bit offset where the satellite data starts. */
  headerBits: number;
}

/** Decodes the header of any MSM (1-7); null when the payload is not an MSM or is too short for its header. */
export function decodeMsmHeader(payload: Uint8Array): MsmHeader | null {
  if (payload.length < 22) return null;
  const reader = new BitReader(payload);
  const messageType = reader.readUnsigned(12);
  const kind = msmKind(messageType);
  if (!kind) return null;
  const stationId = reader.readUnsigned(12);
  const epochTime = reader.readUnsigned(30);
  const multipleMessage = reader.readBoolean();
  const iods = reader.readUnsigned(3);
  reader.skip(7);
  const clockSteering = reader.readUnsigned(2);
  const externalClock = reader.readUnsigned(2);
  const smoothing = reader.readBoolean();
  const smoothingInterval = reader.readUnsigned(3);
  const satellites = readMask(reader, 64);
  const signals = readMask(reader, 32);
  if (satellites.length * signals.length > 64) return null;
  if (reader.remainingBits < satellites.length * signals.length) return null;
  let cellCount = 0;
  const cells = satellites.map(() =>
    signals.map(() => {
      const isSet = reader.readBoolean();
      if (isSet) cellCount++;
      return isSet;
    }),
  );
  return {
    ...kind,
    messageType,
    stationId,
    epochTime,
    multipleMessage,
    iods,
    clockSteering,
    externalClock,
    smoothing,
    smoothingInterval,
    satellites,
    signals,
    cells,
    cellCount,
    headerBits: reader.position,
  };
}

function readMask(reader: BitReader, width: number): number[] {
  const ids: number[] = [];
  for (let id = 1; id <= width; id++) {
    if (reader.readBoolean()) ids.push(id);
  }
  return ids;
}

/** Bits per satellite and per cell in the body of each MSM level (index = level). */
const SATELLITE_BITS = [0, 10, 10, 10, 18, 36, 18, 36] as const;
const CELL_BITS = [0, 15, 27, 42, 48, 63, 65, 80] as const;

/**
 * The payload bytes an MSM with this header needs for its content; lets a caster spot truncated MSMs cheaply. Real
 * payloads may be longer: some receivers pad MSMs with zero bytes (the pyrtcm MIXED capture has up to 90).
 */
export function msmContentLength(header: MsmHeader): number {
  const bits =
    header.headerBits +
    header.satellites.length * SATELLITE_BITS[header.level] +
    header.cellCount * CELL_BITS[header.level];
  return Math.ceil(bits / 8);
}
