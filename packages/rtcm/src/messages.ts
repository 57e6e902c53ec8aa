import { msmKind } from './msm';

const NAMES: ReadonlyMap<number, string> = new Map([
  [1001, 'GPS L1 observations'],
  [1002, 'GPS L1 observations (extended)'],
  [1003, 'GPS L1/L2 observations'],
  [1004, 'GPS L1/L2 observations (extended)'],
  [1005, 'Station position (ARP)'],
  [1006, 'Station position (ARP) with antenna height'],
  [1007, 'Antenna descriptor'],
  [1008, 'Antenna descriptor and serial number'],
  [1009, 'GLONASS L1 observations'],
  [1010, 'GLONASS L1 observations (extended)'],
  [1011, 'GLONASS L1/L2 observations'],
  [1012, 'GLONASS L1/L2 observations (extended)'],
  [1013, 'System parameters'],
  [1019, 'GPS ephemeris'],
  [1020, 'GLONASS ephemeris'],
  [1029, 'Text message'],
  [1030, 'GPS network RTK residuals'],
  [1031, 'GLONASS network RTK residuals'],
  [1032, 'Physical reference station position'],
  [1033, 'Receiver and antenna descriptors'],
  [1042, 'BeiDou ephemeris'],
  [1044, 'QZSS ephemeris'],
  [1045, 'Galileo F/NAV ephemeris'],
  [1046, 'Galileo I/NAV ephemeris'],
  [1230, 'GLONASS code-phase biases'],
]);

const MSM_LEVEL_NAMES = ['', 'MSM1', 'MSM2', 'MSM3', 'MSM4', 'MSM5', 'MSM6', 'MSM7'] as const;

/** A short human name for a message number, for a UI ("GPS MSM7", "Station position (ARP)"). */
export function describeMessage(messageType: number): string {
  const known = NAMES.get(messageType);
  if (known) return known;
  const msm = msmKind(messageType);
  if (msm) return `${msm.constellation} ${MSM_LEVEL_NAMES[msm.level]}`;
  if (messageType >= 1057 && messageType <= 1068) return 'SSR corrections';
  if (messageType >= 4001 && messageType <= 4095) return 'Proprietary';
  return `Message ${messageType}`;
}

/**
 * Whether the 12 bits after the message number are a reference station id: observations and station descriptions
 * (1001-1013, 1029, 1032, 1033, MSMs, 1230). Ephemerides start with a satellite id, SSR and network residual
 * messages (1030, 1031) with an epoch time, so for those the bits mean something else.
 */
export function carriesStationId(messageType: number): boolean {
  if (messageType >= 1001 && messageType <= 1013) return true;
  if (messageType === 1029 || messageType === 1032 || messageType === 1033 || messageType === 1230) return true;
  return msmKind(messageType) !== null;
}
