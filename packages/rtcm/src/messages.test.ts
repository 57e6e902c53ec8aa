import { describe, expect, it } from 'vitest';
import { carriesStationId, describeMessage } from './messages';

describe('describeMessage', () => {
  it.each([
    [1004, 'GPS L1/L2 observations (extended)'],
    [1005, 'Station position (ARP)'],
    [1006, 'Station position (ARP) with antenna height'],
    [1007, 'Antenna descriptor'],
    [1008, 'Antenna descriptor and serial number'],
    [1012, 'GLONASS L1/L2 observations (extended)'],
    [1019, 'GPS ephemeris'],
    [1020, 'GLONASS ephemeris'],
    [1033, 'Receiver and antenna descriptors'],
    [1042, 'BeiDou ephemeris'],
    [1044, 'QZSS ephemeris'],
    [1045, 'Galileo F/NAV ephemeris'],
    [1046, 'Galileo I/NAV ephemeris'],
    [1230, 'GLONASS code-phase biases'],
    [1074, 'GPS MSM4'],
    [1087, 'GLONASS MSM7'],
    [1097, 'Galileo MSM7'],
    [1107, 'SBAS MSM7'],
    [1117, 'QZSS MSM7'],
    [1125, 'BeiDou MSM5'],
    [1060, 'SSR corrections'],
    [4072, 'Proprietary'],
    [1300, 'Message 1300'],
  ])('names %i', (messageType, name) => {
    expect(describeMessage(messageType)).toBe(name);
  });
});

describe('carriesStationId', () => {
  it('is true for observations, station descriptions, MSMs and 1230', () => {
    for (const type of [1001, 1004, 1005, 1006, 1007, 1008, 1012, 1013, 1029, 1032, 1033, 1071, 1127, 1230]) {
      expect(carriesStationId(type), String(type)).toBe(true);
    }
  });

  it('is false for ephemerides, residuals, SSR and proprietary messages', () => {
    for (const type of [1019, 1020, 1030, 1031, 1042, 1045, 1046, 1057, 1060, 4072, 0]) {
      expect(carriesStationId(type), String(type)).toBe(false);
    }
  });
});
