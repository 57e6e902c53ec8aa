import { describe, expect, it } from 'vitest';
import { BitWriter } from './bits';
import { encode1005, encode1006 } from './encoder';
import { RtcmFramer } from './framer';
import { decodeStationPosition } from './station';

const payloadOf = (frame: Uint8Array): Uint8Array => frame.subarray(3, frame.length - 3);

describe('decodeStationPosition', () => {
  it('round-trips a 1005 with every flag', () => {
    const ecef = { x: -4_472_357.5368, y: 2_670_485.1794, z: -3_669_374.4263 };
    const frame = encode1005({
      stationId: 4095,
      ecef,
      itrfYear: 63,
      gps: true,
      glonass: true,
      galileo: true,
      referenceStation: true,
      singleOscillator: true,
      quarterCycle: 2,
    });
    expect(payloadOf(frame)).toHaveLength(19);
    expect(decodeStationPosition(payloadOf(frame))).toEqual({
      messageType: 1005,
      stationId: 4095,
      itrfYear: 63,
      gps: true,
      glonass: true,
      galileo: true,
      referenceStation: true,
      singleOscillator: true,
      quarterCycle: 2,
      ecef,
    });
  });

  it('round-trips a 1006 with antenna height and default flags', () => {
    const frame = encode1006({
      stationId: 7,
      ecef: { x: 3_911_000.12345, y: 356_000.00004, z: 5_009_000.99996 },
      antennaHeight: 1.5432,
    });
    expect(payloadOf(frame)).toHaveLength(21);
    const decoded = decodeStationPosition(payloadOf(frame));
    expect(decoded).toMatchObject({
      messageType: 1006,
      stationId: 7,
      gps: true,
      glonass: false,
      galileo: false,
      referenceStation: false,
      antennaHeight: 1.5432,
    });
    // Encoding rounds to the 0.1 mm unit, so values come back within half of it.
    expect(Math.abs((decoded?.ecef.x ?? 0) - 3_911_000.12345)).toBeLessThanOrEqual(0.0001);
    expect(Math.abs((decoded?.ecef.y ?? 0) - 356_000.00004)).toBeLessThanOrEqual(0.0001);
    expect(Math.abs((decoded?.ecef.z ?? 0) - 5_009_000.99996)).toBeLessThanOrEqual(0.0001);
  });

  it('decodes the extremes of the 38-bit coordinate range', () => {
    const limit = (2 ** 37 - 1) / 10_000;
    const frame = encode1005({ stationId: 0, ecef: { x: limit, y: -limit - 0.0001, z: 0 } });
    expect(decodeStationPosition(payloadOf(frame))?.ecef).toEqual({ x: limit, y: -limit - 0.0001, z: 0 });
    expect(() => encode1005({ stationId: 0, ecef: { x: limit + 0.0001, y: 0, z: 0 } })).toThrow(RangeError);
  });

  it('passes through the framer', () => {
    const [frame] = new RtcmFramer().push(encode1006({ stationId: 12, ecef: { x: 1, y: 2, z: 3 }, antennaHeight: 0 }));
    expect(frame?.stationId).toBe(12);
    expect(decodeStationPosition(frame?.payload ?? new Uint8Array())?.ecef).toEqual({ x: 1, y: 2, z: 3 });
  });

  it('returns null for other messages and short payloads', () => {
    const other = new BitWriter()
      .writeUnsigned(1004, 12)
      .writeUnsigned(0, 52)
      .writeUnsigned(0, 52)
      .writeUnsigned(0, 52)
      .toBytes();
    expect(decodeStationPosition(other)).toBeNull();
    expect(
      decodeStationPosition(payloadOf(encode1005({ stationId: 1, ecef: { x: 0, y: 0, z: 0 } })).subarray(0, 18)),
    ).toBeNull();
    const short1006 = payloadOf(encode1006({ stationId: 1, ecef: { x: 0, y: 0, z: 0 }, antennaHeight: 1 })).subarray(
      0,
      19,
    );
    expect(decodeStationPosition(short1006)).toBeNull();
  });
});
