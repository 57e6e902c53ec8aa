import { BitWriter } from './bits';
import { crc24q } from './crc24q';
import type { Ecef } from './geodesy';
import { msmKind } from './msm';
import {
  FINE_PHASE_RANGE_UNIT,
  FINE_PSEUDORANGE_UNIT,
  INVALID_FINE_PHASE_RANGE,
  INVALID_FINE_PSEUDORANGE,
  INVALID_ROUGH_RANGE_MS,
  ROUGH_RANGE_UNIT,
} from './msm4';
import { STATION_UNITS_PER_METRE } from './station';

const PREAMBLE = 0xd3;
const MAX_PAYLOAD_BYTES = 1023;

/** Wraps a payload in an RTCM 3 frame: preamble, reserved bits (0), 10-bit length, payload, CRC-24Q. */
export function encodeFrame(payload: Uint8Array): Uint8Array {
  if (payload.length > MAX_PAYLOAD_BYTES) {
    throw new RangeError(`An RTCM 3 payload is at most ${MAX_PAYLOAD_BYTES} bytes, not ${payload.length}`);
  }
  const crcAt = 3 + payload.length;
  const frame = new Uint8Array(crcAt + 3);
  frame[0] = PREAMBLE;
  frame[1] = payload.length >>> 8;
  frame[2] = payload.length & 0xff;
  frame.set(payload, 3);
  const crc = crc24q(frame, 0, crcAt);
  frame[crcAt] = crc >>> 16;
  frame[crcAt + 1] = (crc >>> 8) & 0xff;
  frame[crcAt + 2] = crc & 0xff;
  return frame;
}

export interface StationPositionInput {
  stationId: number;
  /** Antenna reference point, ECEF metres (rounded to 0.1 mm). */
  ecef: Ecef;
  itrfYear?: number;
  /** Which observations the station sends; GPS defaults to true, the others to false. */
  gps?: boolean;
  glonass?: boolean;
  galileo?: boolean;
  /** True for a non-physical (computed) reference station. */
  referenceStation?: boolean;
  singleOscillator?: boolean;
  quarterCycle?: number;
}

/** A complete 1005 frame (station antenna reference point). */
export function encode1005(station: StationPositionInput): Uint8Array {
  return encodeFrame(stationFields(1005, station).toBytes());
}

/** A complete 1006 frame (antenna reference point and antenna height in metres). */
export function encode1006(station: StationPositionInput & { antennaHeight: number }): Uint8Array {
  const writer = stationFields(1006, station);
  writer.writeUnsigned(toStationUnits(station.antennaHeight), 16);
  return encodeFrame(writer.toBytes());
}

function stationFields(messageType: 1005 | 1006, station: StationPositionInput): BitWriter {
  return new BitWriter(21)
    .writeUnsigned(messageType, 12)
    .writeUnsigned(station.stationId, 12)
    .writeUnsigned(station.itrfYear ?? 0, 6)
    .writeBoolean(station.gps ?? true)
    .writeBoolean(station.glonass ?? false)
    .writeBoolean(station.galileo ?? false)
    .writeBoolean(station.referenceStation ?? false)
    .writeSigned(toStationUnits(station.ecef.x), 38)
    .writeBoolean(station.singleOscillator ?? false)
    .writeUnsigned(0, 1)
    .writeSigned(toStationUnits(station.ecef.y), 38)
    .writeUnsigned(station.quarterCycle ?? 0, 2)
    .writeSigned(toStationUnits(station.ecef.z), 38);
}

function toStationUnits(metres: number): number {
  return Math.round(metres * STATION_UNITS_PER_METRE);
}

export interface Msm4SignalInput {
  id: number;
  /** Full pseudorange in ms; null or absent when not valid. */
  pseudorangeMs?: number | null;
  phaseRangeMs?: number | null;
  lockTimeIndicator?: number;
  halfCycleAmbiguity?: boolean;
  cnr?: number;
}

export interface Msm4SatelliteInput {
  id: number;
  /** Defaults to the first signal's pseudorange (or phase range); rounded to 2^-10 ms. */
  roughRangeMs?: number | null;
  signals: Msm4SignalInput[];
}

export interface Msm4Input {
  /** 1074 (GPS), 1084 (GLONASS), 1094 (Galileo), 1104 (SBAS), 1114 (QZSS), 1124 (BeiDou), 1134 (NavIC). */
  messageType: number;
  stationId: number;
  /** The raw 30-bit epoch time field; see msmEpochTime. */
  epochTime: number;
  /** Set when more MSMs for the same epoch follow. */
  multipleMessage?: boolean;
  iods?: number;
  clockSteering?: number;
  externalClock?: number;
  smoothing?: boolean;
  smoothingInterval?: number;
  satellites: Msm4SatelliteInput[];
}

interface Cell {
  signal: Msm4SignalInput;
  roughUnits: number | null;
}

/** A complete MSM4 frame. Throws RangeError when the content does not fit MSM4 (over 64 cells, fine range overflow). */
export function encodeMsm4(message: Msm4Input): Uint8Array {
  if (msmKind(message.messageType)?.level !== 4) {
    throw new RangeError(`${message.messageType} is not an MSM4 message number`);
  }
  const satellites = sortedById(message.satellites, 64, 'satellite');
  const signalIds = [...new Set(satellites.flatMap((s) => s.signals.map((signal) => signal.id)))].sort((a, b) => a - b);
  if (satellites.length * signalIds.length > 64) {
    throw new RangeError(`${satellites.length} satellites x ${signalIds.length} signals exceed the 64 MSM cells`);
  }
  const writer = new BitWriter(256);
  writeMsmHeader(writer, message, satellites, signalIds);
  const roughUnits = satellites.map(roughRangeUnits);
  writeRoughRanges(writer, roughUnits);
  const cells = satellites.flatMap((satellite, index) =>
    sortedById(satellite.signals, 32, 'signal').map((signal) => ({ signal, roughUnits: roughUnits[index] ?? null })),
  );
  writeCells(writer, cells);
  return encodeFrame(writer.toBytes());
}

function sortedById<T extends { id: number }>(items: T[], maxId: number, what: string): T[] {
  const sorted = [...items].sort((a, b) => a.id - b.id);
  sorted.forEach((item, index) => {
    if (!Number.isInteger(item.id) || item.id < 1 || item.id > maxId) {
      throw new RangeError(`A ${what} id is 1-${maxId}, not ${item.id}`);
    }
    if (index > 0 && sorted[index - 1]?.id === item.id) throw new RangeError(`Duplicate ${what} id ${item.id}`);
  });
  return sorted;
}

function writeMsmHeader(
  writer: BitWriter,
  message: Msm4Input,
  satellites: Msm4SatelliteInput[],
  signalIds: number[],
): void {
  writer
    .writeUnsigned(message.messageType, 12)
    .writeUnsigned(message.stationId, 12)
    .writeUnsigned(message.epochTime, 30)
    .writeBoolean(message.multipleMessage ?? false)
    .writeUnsigned(message.iods ?? 0, 3)
    .writeUnsigned(0, 7)
    .writeUnsigned(message.clockSteering ?? 0, 2)
    .writeUnsigned(message.externalClock ?? 0, 2)
    .writeBoolean(message.smoothing ?? false)
    .writeUnsigned(message.smoothingInterval ?? 0, 3);
  writeMask(writer, new Set(satellites.map((s) => s.id)), 64);
  writeMask(writer, new Set(signalIds), 32);
  for (const satellite of satellites) {
    const tracked = new Set(satellite.signals.map((signal) => signal.id));
    for (const id of signalIds) writer.writeBoolean(tracked.has(id));
  }
}

function writeMask(writer: BitWriter, ids: Set<number>, width: number): void {
  for (let id = 1; id <= width; id++) writer.writeBoolean(ids.has(id));
}

/** The rough range in units of 2^-10 ms, or null when there is nothing valid to derive it from. */
function roughRangeUnits(satellite: Msm4SatelliteInput): number | null {
  const first = satellite.signals.find((s) => isFiniteNumber(s.pseudorangeMs) || isFiniteNumber(s.phaseRangeMs));
  const roughMs =
    satellite.roughRangeMs !== undefined ? satellite.roughRangeMs : (first?.pseudorangeMs ?? first?.phaseRangeMs);
  if (!isFiniteNumber(roughMs)) return null;
  const units = Math.round(roughMs / ROUGH_RANGE_UNIT);
  if (units < 0 || units >= INVALID_ROUGH_RANGE_MS / ROUGH_RANGE_UNIT) {
    throw new RangeError(`Rough range ${roughMs} ms is outside 0-255 ms`);
  }
  return units;
}

function writeRoughRanges(writer: BitWriter, roughUnits: Array<number | null>): void {
  const unitsPerMs = 1 / ROUGH_RANGE_UNIT;
  for (const units of roughUnits) {
    writer.writeUnsigned(units === null ? INVALID_ROUGH_RANGE_MS : Math.floor(units / unitsPerMs), 8);
  }
  for (const units of roughUnits) writer.writeUnsigned(units === null ? 0 : units % unitsPerMs, 10);
}

function writeCells(writer: BitWriter, cells: Cell[]): void {
  for (const { signal, roughUnits } of cells) {
    const fine = fineValue(signal.pseudorangeMs, roughUnits, FINE_PSEUDORANGE_UNIT, INVALID_FINE_PSEUDORANGE);
    writer.writeSigned(fine, 15);
  }
  for (const { signal, roughUnits } of cells) {
    const fine = fineValue(signal.phaseRangeMs, roughUnits, FINE_PHASE_RANGE_UNIT, INVALID_FINE_PHASE_RANGE);
    writer.writeSigned(fine, 22);
  }
  for (const { signal } of cells) writer.writeUnsigned(signal.lockTimeIndicator ?? 0, 4);
  for (const { signal } of cells) writer.writeBoolean(signal.halfCycleAmbiguity ?? false);
  for (const { signal } of cells) writer.writeUnsigned(Math.min(63, Math.max(0, Math.round(signal.cnr ?? 0))), 6);
}

/** The fine field for a full range: its difference from the rough range in `unit`s, or the invalid marker. */
function fineValue(
  rangeMs: number | null | undefined,
  roughUnits: number | null,
  unit: number,
  invalid: number,
): number {
  if (!isFiniteNumber(rangeMs) || roughUnits === null) return invalid;
  const fine = Math.round((rangeMs - roughUnits * ROUGH_RANGE_UNIT) / unit);
  if (fine <= invalid || fine >= -invalid) {
    throw new RangeError(`Range ${rangeMs} ms is too far from its satellite's rough range for MSM4`);
  }
  return fine;
}

function isFiniteNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
