import { BitReader } from './bits';
import { decodeMsmHeader, type MsmHeader, msmContentLength } from './msm';

/** Range fields are in light-milliseconds (1 ms = 299 792.458 m). */
export const LIGHT_MS_METRES = 299_792.458;
/** DF397 integer ms of 255 marks a satellite without a valid rough range. */
export const INVALID_ROUGH_RANGE_MS = 255;
/** Resolutions of DF398 (rough range mod 1 ms), DF400 (fine pseudorange) and DF401 (fine phase range), in ms. */
export const ROUGH_RANGE_UNIT = 2 ** -10;
export const FINE_PSEUDORANGE_UNIT = 2 ** -24;
export const FINE_PHASE_RANGE_UNIT = 2 ** -29;
/** The most negative value of DF400 and DF401 means "no valid value". */
export const INVALID_FINE_PSEUDORANGE = -(2 ** 14);
export const INVALID_FINE_PHASE_RANGE = -(2 ** 21);

export interface Msm4Signal {
  /** Signal id 1-32 (e.g. GPS 2 = L1 C/A). */
  id: number;
  /** Full pseudorange in ms (rough + fine), null when not valid. */
  pseudorangeMs: number | null;
  /** Full phase range in ms (rough + fine), null when not valid. */
  phaseRangeMs: number | null;
  /** DF402, 0-15: how long the signal has been tracked without a slip. */
  lockTimeIndicator: number;
  halfCycleAmbiguity: boolean;
  /** Carrier-to-noise ratio in dB-Hz, 1-63; 0 when not computed. */
  cnr: number;
}

export interface Msm4Satellite {
  /** Satellite id 1-64 (the PRN or GLONASS slot). */
  id: number;
  /** Rough range in ms, a multiple of 2^-10 ms; null when the satellite has no valid range. */
  roughRangeMs: number | null;
  signals: Msm4Signal[];
}

export interface Msm4Message {
  messageType: number;
  stationId: number;
  /** The raw epoch time field; see msmEpochTime. */
  epochTime: number;
  multipleMessage: boolean;
  iods: number;
  clockSteering: number;
  externalClock: number;
  smoothing: boolean;
  smoothingInterval: number;
  satellites: Msm4Satellite[];
}

/** Decodes an MSM4 payload (1074, 1084, ...); null for other messages or a payload too short for its cells. */
export function decodeMsm4(payload: Uint8Array): Msm4Message | null {
  const header = decodeMsmHeader(payload);
  if (header?.level !== 4 || payload.length < msmContentLength(header)) return null;
  const reader = new BitReader(payload, header.headerBits);
  const roughRanges = readRoughRanges(reader, header.satellites.length);
  const cells = cellList(header);
  const fine = readCellFields(reader, cells.length);
  const satellites: Msm4Satellite[] = header.satellites.map((id, index) => ({
    id,
    roughRangeMs: roughRanges[index] ?? null,
    signals: [],
  }));
  cells.forEach(([satelliteIndex, signalId], cellIndex) => {
    const satellite = satellites[satelliteIndex] as Msm4Satellite;
    satellite.signals.push(toSignal(signalId, satellite.roughRangeMs, fine, cellIndex));
  });
  return {
    messageType: header.messageType,
    stationId: header.stationId,
    epochTime: header.epochTime,
    multipleMessage: header.multipleMessage,
    iods: header.iods,
    clockSteering: header.clockSteering,
    externalClock: header.externalClock,
    smoothing: header.smoothing,
    smoothingInterval: header.smoothingInterval,
    satellites,
  };
}

function readRoughRanges(reader: BitReader, count: number): Array<number | null> {
  const integers = Array.from({ length: count }, () => reader.readUnsigned(8));
  return integers.map((integer) => {
    const fraction = reader.readUnsigned(10);
    return integer === INVALID_ROUGH_RANGE_MS ? null : integer + fraction * ROUGH_RANGE_UNIT;
  });
}

/** [satellite index, signal id] of every set cell, in transmission order. */
function cellList(header: MsmHeader): Array<[number, number]> {
  const cells: Array<[number, number]> = [];
  header.cells.forEach((row, satelliteIndex) => {
    row.forEach((isSet, signalIndex) => {
      if (isSet) cells.push([satelliteIndex, header.signals[signalIndex] as number]);
    });
  });
  return cells;
}

interface CellFields {
  pseudoranges: number[];
  phaseRanges: number[];
  lockTimes: number[];
  halfCycles: number[];
  cnrs: number[];
}

/** MSM sends each field for all cells before the next field. */
function readCellFields(reader: BitReader, count: number): CellFields {
  const readAll = (read: () => number): number[] => Array.from({ length: count }, read);
  return {
    pseudoranges: readAll(() => reader.readSigned(15)),
    phaseRanges: readAll(() => reader.readSigned(22)),
    lockTimes: readAll(() => reader.readUnsigned(4)),
    halfCycles: readAll(() => reader.readUnsigned(1)),
    cnrs: readAll(() => reader.readUnsigned(6)),
  };
}

function toSignal(id: number, roughRangeMs: number | null, fields: CellFields, index: number): Msm4Signal {
  const finePseudorange = fields.pseudoranges[index] as number;
  const finePhaseRange = fields.phaseRanges[index] as number;
  const hasRough = roughRangeMs !== null;
  return {
    id,
    pseudorangeMs:
      hasRough && finePseudorange !== INVALID_FINE_PSEUDORANGE
        ? roughRangeMs + finePseudorange * FINE_PSEUDORANGE_UNIT
        : null,
    phaseRangeMs:
      hasRough && finePhaseRange !== INVALID_FINE_PHASE_RANGE
        ? roughRangeMs + finePhaseRange * FINE_PHASE_RANGE_UNIT
        : null,
    lockTimeIndicator: fields.lockTimes[index] as number,
    halfCycleAmbiguity: fields.halfCycles[index] === 1,
    cnr: fields.cnrs[index] as number,
  };
}
