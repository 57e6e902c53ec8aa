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
export {
  type BuildGgaInput,
  buildGga,
  type Gga,
  type GgaFix,
  hasGgaPosition,
  nmeaChecksum,
  parseGga,
  parseGgaBytes,
  readGgaFix,
} from './nmea';
export {
  extractNmeaSentences,
  forEachNmeaSentence,
  MAX_NMEA_LINE_LENGTH,
  type NmeaExtraction,
} from './nmea-stream';
// RINEX on demand: RTCM 3 observations and station data to RINEX 3.04.
export {
  convertRtcmToRinex,
  type RinexConversionOptions,
  type RinexConversionResult,
  type RtcmChunk,
} from './rinex/converter';
// RINEX navigation: RTCM 3 ephemerides (1019, 1020, 1042, 1044, 1045, 1046) to a RINEX 3.04 navigation file.
export { decodeEphemeris, type Ephemeris } from './rinex/ephemeris';
export { observationEpochSpan } from './rinex/epoch-span';
export { navigationFileName, observationFileName, type RinexNameParts } from './rinex/file-names';
export { writeNavigationFile } from './rinex/nav-writer';
export { isObservationMessage, ObservationDecoder, type ObservationMessage } from './rinex/observations';
export { decodeStationDescriptors, type StationDescriptors } from './rinex/station-info';
export { gpsToUnix, unixToGps } from './rinex/time';
export { type SimulatedConstellation, type SimulateEpochOptions, simulateEpoch } from './simulator';
export { decodeStationPosition, type StationPosition } from './station';
