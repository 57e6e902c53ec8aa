export { BitReader, BitWriter } from './bits';
export { crc24q } from './crc24q';
export {
  encode1005,
  encode1006,
  encodeFrame,
  encodeMsm4,
  type Msm4Input,
  type Msm4SatelliteInput,
  type Msm4SignalInput,
  type StationPositionInput,
} from './encoder';
export { MAX_FRAME_BYTES, type RtcmFrame, RtcmFramer, type RtcmFramerOptions, type RtcmFramerStats } from './framer';
export {
  baselineLength,
  type Ecef,
  ecefToGeodetic,
  type Geodetic,
  geodeticToEcef,
  greatCircleDistance,
  type LatLon,
  MEAN_EARTH_RADIUS,
} from './geodesy';
export { gpsTimeOfWeekMs, msmEpochTime, splitGlonassEpochTime } from './gnss-time';
export { carriesStationId, describeMessage } from './messages';
export {
  type Constellation,
  decodeMsmHeader,
  isMsm,
  type MsmHeader,
  type MsmKind,
  type MsmLevel,
  msmContentLength,
  msmKind,
  msmMessageType,
} from './msm';
export { decodeMsm4, LIGHT_MS_METRES, type Msm4Message, type Msm4Satellite, type Msm4Signal } from './msm4';
export { type BuildGgaInput, buildGga, type Gga, hasGgaPosition, nmeaChecksum, parseGga } from './nmea';
export { extractNmeaSentences, MAX_NMEA_LINE_LENGTH, type NmeaExtraction } from './nmea-stream';
export { type SimulatedConstellation, type SimulateEpochOptions, simulateEpoch } from './simulator';
export { decodeStationPosition, type StationPosition } from './station';
