import { BitReader } from './bits';
import type { Ecef } from './geodesy';

/** 1005 and 1006 coordinates and antenna height are in units of 0.1 mm. */
export const STATION_UNITS_PER_METRE = 10_000;
const PAYLOAD_BYTES_1005 = 19;
const PAYLOAD_BYTES_1006 = 21;

/** A reference station's antenna reference point (messages 1005 and 1006). */
export interface StationPosition {
  messageType: 1005 | 1006;
  stationId: number;
  /** DF021, ITRF realisation year (0 when not given). */
  itrfYear: number;
  /** The station provides GPS, GLONASS, Galileo observations. */
  gps: boolean;
  glonass: boolean;
  galileo: boolean;
  /** DF141: true for a non-physical (computed, e.g. VRS) reference station, false for a real one. */
  referenceStation: boolean;
  /** DF142: all raw data come from one receiver oscillator. */
  singleOscillator: boolean;
  /** DF364: quarter-cycle indicator (0 correction status unspecified ... 3 reserved). */
  quarterCycle: number;
  /** Antenna reference point, ECEF metres. */
  ecef: Ecef;
  /** 1006 only: antenna height above the marker, metres. */
  antennaHeight?: number;
}

/** Decodes a 1005 or 1006 payload; null for other messages or a payload too short for its type. */
export function decodeStationPosition(payload: Uint8Array): StationPosition | null {
  if (payload.length < PAYLOAD_BYTES_1005) return null;
  const reader = new BitReader(payload);
  const messageType = reader.readUnsigned(12);
  if (messageType !== 1005 && messageType !== 1006) return null;
  if (messageType === 1006 && payload.length < PAYLOAD_BYTES_1006) return null;

  const stationId = reader.readUnsigned(12);
  const itrfYear = reader.readUnsigned(6);
  const gps = reader.readBoolean();
  const glonass = reader.readBoolean();
  const galileo = reader.readBoolean();
  const referenceStation = reader.readBoolean();
  const x = reader.readSigned(38);
  const singleOscillator = reader.readBoolean();
  reader.skip(1);
  const y = reader.readSigned(38);
  const quarterCycle = reader.readUnsigned(2);
  const z = reader.readSigned(38);
  const position: StationPosition = {
    messageType,
    stationId,
    itrfYear,
    gps,
    glonass,
    galileo,
    referenceStation,
    singleOscillator,
    quarterCycle,
    ecef: { x: toMetres(x), y: toMetres(y), z: toMetres(z) },
  };
  if (messageType === 1006) position.antennaHeight = toMetres(reader.readUnsigned(16));
  return position;
}

/** Dividing (not multiplying by 0.0001) gives the double nearest the decimal, so -44723575368 is -4472357.5368. */
function toMetres(units: number): number {
  return units / STATION_UNITS_PER_METRE;
}
