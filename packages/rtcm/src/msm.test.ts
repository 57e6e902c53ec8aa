import { describe, expect, it } from 'vitest';
import { encodeMsm4 } from './encoder';
import { decodeMsmHeader, isMsm, msmContentLength, msmKind, msmMessageType } from './msm';

describe('msmKind', () => {
  it.each([
    [1071, 'GPS', 1],
    [1077, 'GPS', 7],
    [1081, 'GLONASS', 1],
    [1087, 'GLONASS', 7],
    [1094, 'Galileo', 4],
    [1101, 'SBAS', 1],
    [1107, 'SBAS', 7],
    [1115, 'QZSS', 5],
    [1121, 'BeiDou', 1],
    [1127, 'BeiDou', 7],
    [1137, 'NavIC', 7],
  ])('%i is %s MSM%i', (type, constellation, level) => {
    expect(msmKind(type)).toEqual({ constellation, level });
    expect(isMsm(type)).toBe(true);
    expect(msmMessageType(constellation as 'GPS', level as 1)).toBe(type);
  });

  it.each([1070, 1078, 1079, 1080, 1004, 1140, 1230, 1141, 0])('%i is not an MSM', (type) => {
    expect(msmKind(type)).toBeNull();
    expect(isMsm(type)).toBe(false);
  });
});

describe('decodeMsmHeader', () => {
  it('reads back every header field and the masks', () => {
    const frame = encodeMsm4({
      messageType: 1124,
      stationId: 3001,
      epochTime: 2 ** 30 - 1,
      multipleMessage: true,
      iods: 5,
      clockSteering: 1,
      externalClock: 2,
      smoothing: true,
      smoothingInterval: 3,
      satellites: [
        { id: 64, signals: [{ id: 2, pseudorangeMs: 80 }] },
        {
          id: 1,
          signals: [
            { id: 14, pseudorangeMs: 70 },
            { id: 32, pseudorangeMs: 70 },
          ],
        },
      ],
    });
    const payload = frame.subarray(3, frame.length - 3);
    const header = decodeMsmHeader(payload);
    expect(header).toMatchObject({
      messageType: 1124,
      constellation: 'BeiDou',
      level: 4,
      stationId: 3001,
      epochTime: 2 ** 30 - 1,
      multipleMessage: true,
      iods: 5,
      clockSteering: 1,
      externalClock: 2,
      smoothing: true,
      smoothingInterval: 3,
      satellites: [1, 64],
      signals: [2, 14, 32],
      cells: [
        [false, true, true],
        [true, false, false],
      ],
      cellCount: 3,
      headerBits: 169 + 6,
    });
    expect(header && msmContentLength(header)).toBe(payload.length);
  });

  it('returns null for non-MSM and truncated payloads', () => {
    expect(decodeMsmHeader(Uint8Array.of(0x3e, 0xd0, ...new Array(30).fill(0)))).toBeNull();
    const frame = encodeMsm4({ messageType: 1074, stationId: 1, epochTime: 0, satellites: [] });
    expect(decodeMsmHeader(frame.subarray(3, 3 + 20))).toBeNull();
  });
});
