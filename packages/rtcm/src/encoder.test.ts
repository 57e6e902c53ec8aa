import { describe, expect, it } from 'vitest';
import { crc24q } from './crc24q';
import { encodeFrame, encodeMsm4, type Msm4Input } from './encoder';
import { RtcmFramer } from './framer';
import { decodeMsm4, FINE_PHASE_RANGE_UNIT, FINE_PSEUDORANGE_UNIT } from './msm4';

describe('encodeFrame', () => {
  it('writes preamble, zero reserved bits, length, payload and CRC', () => {
    const frame = encodeFrame(Uint8Array.of(0x3e, 0xd0, 0x00));
    expect([...frame.subarray(0, 6)]).toEqual([0xd3, 0x00, 0x03, 0x3e, 0xd0, 0x00]);
    const crc = crc24q(frame, 0, 6);
    expect([...frame.subarray(6)]).toEqual([crc >>> 16, (crc >>> 8) & 0xff, crc & 0xff]);
  });

  it('encodes the 10-bit length across both header bytes', () => {
    const frame = encodeFrame(new Uint8Array(1023));
    expect([...frame.subarray(0, 3)]).toEqual([0xd3, 0x03, 0xff]);
    expect(() => encodeFrame(new Uint8Array(1024))).toThrow(RangeError);
  });
});

const gpsEpoch: Msm4Input = {
  messageType: 1074,
  stationId: 42,
  epochTime: 345_600_000,
  multipleMessage: true,
  iods: 3,
  satellites: [
    {
      id: 12,
      signals: [
        { id: 2, pseudorangeMs: 72.123_456_7, phaseRangeMs: 72.123_5, lockTimeIndicator: 15, cnr: 47 },
        {
          id: 16,
          pseudorangeMs: 72.123_47,
          phaseRangeMs: 72.122_9,
          lockTimeIndicator: 9,
          cnr: 41.6,
          halfCycleAmbiguity: true,
        },
      ],
    },
    { id: 3, signals: [{ id: 2, pseudorangeMs: 84.999_9, phaseRangeMs: null, cnr: 35 }] },
    { id: 30, roughRangeMs: null, signals: [{ id: 16, pseudorangeMs: 70, cnr: 20 }] },
  ],
};

describe('encodeMsm4', () => {
  it('round-trips header, rough ranges and signal data within their resolution', () => {
    const [frame] = new RtcmFramer().push(encodeMsm4(gpsEpoch));
    expect(frame?.messageType).toBe(1074);
    expect(frame?.stationId).toBe(42);
    const message = decodeMsm4(frame?.payload ?? new Uint8Array());
    expect(message).toMatchObject({
      messageType: 1074,
      stationId: 42,
      epochTime: 345_600_000,
      multipleMessage: true,
      iods: 3,
      clockSteering: 0,
      externalClock: 0,
      smoothing: false,
      smoothingInterval: 0,
    });
    expect(message?.satellites.map((s) => s.id)).toEqual([3, 12, 30]);

    const [sat3, sat12, sat30] = message?.satellites ?? [];
    expect(sat3?.signals).toHaveLength(1);
    expect(sat3?.signals[0]?.pseudorangeMs).toBeCloseTo(84.999_9, 6);
    expect(sat3?.signals[0]?.phaseRangeMs).toBeNull();

    const [l1, l2] = sat12?.signals ?? [];
    expect(l1?.id).toBe(2);
    expect(Math.abs((l1?.pseudorangeMs ?? 0) - 72.123_456_7)).toBeLessThanOrEqual(FINE_PSEUDORANGE_UNIT / 2);
    expect(Math.abs((l1?.phaseRangeMs ?? 0) - 72.123_5)).toBeLessThanOrEqual(FINE_PHASE_RANGE_UNIT / 2);
    expect(l1).toMatchObject({ lockTimeIndicator: 15, halfCycleAmbiguity: false, cnr: 47 });
    expect(l2).toMatchObject({ id: 16, lockTimeIndicator: 9, halfCycleAmbiguity: true, cnr: 42 });
    expect(Math.abs((l2?.pseudorangeMs ?? 0) - 72.123_47)).toBeLessThanOrEqual(FINE_PSEUDORANGE_UNIT / 2);

    // No rough range: the satellite is sent, its signals marked invalid.
    expect(sat30?.roughRangeMs).toBeNull();
    expect(sat30?.signals[0]).toMatchObject({ id: 16, pseudorangeMs: null, phaseRangeMs: null, cnr: 20 });
  });

  it('derives the rough range from the first signal, to 2^-10 ms', () => {
    const payload = encodeMsm4(gpsEpoch).subarray(3, -3);
    const sat12 = decodeMsm4(payload)?.satellites[1];
    expect(sat12?.roughRangeMs).toBe(Math.round(72.123_456_7 * 1024) / 1024);
  });

  it('encodes an empty epoch', () => {
    const payload = encodeMsm4({ messageType: 1084, stationId: 1, epochTime: 0, satellites: [] }).subarray(3, -3);
    expect(decodeMsm4(payload)).toMatchObject({ messageType: 1084, satellites: [] });
  });

  it('refuses what MSM4 cannot carry', () => {
    expect(() => encodeMsm4({ ...gpsEpoch, messageType: 1077 })).toThrow(/not an MSM4/);
    const tooManyCells = Array.from({ length: 17 }, (_, i) => ({
      id: i + 1,
      signals: [2, 3, 4, 5].map((id) => ({ id, pseudorangeMs: 70 })),
    }));
    expect(() => encodeMsm4({ ...gpsEpoch, satellites: tooManyCells })).toThrow(/64 MSM cells/);
    const farSignal = [
      {
        id: 1,
        signals: [
          { id: 2, pseudorangeMs: 70 },
          { id: 3, pseudorangeMs: 70.01 },
        ],
      },
    ];
    expect(() => encodeMsm4({ ...gpsEpoch, satellites: farSignal })).toThrow(/too far/);
    expect(() => encodeMsm4({ ...gpsEpoch, satellites: [{ id: 65, signals: [] }] })).toThrow(/1-64/);
    expect(() =>
      encodeMsm4({
        ...gpsEpoch,
        satellites: [
          { id: 1, signals: [] },
          { id: 1, signals: [] },
        ],
      }),
    ).toThrow(/Duplicate/);
  });
});

describe('decodeMsm4', () => {
  it('accepts zero padding after the content, as some receivers send', () => {
    const payload = encodeMsm4(gpsEpoch).subarray(3, -3);
    const padded = new Uint8Array(payload.length + 30);
    padded.set(payload);
    expect(decodeMsm4(padded)).toEqual(decodeMsm4(payload));
  });

  it('returns null for other MSM levels and truncated payloads', () => {
    const payload = encodeMsm4(gpsEpoch).subarray(3, -3);
    expect(decodeMsm4(payload.subarray(0, payload.length - 2))).toBeNull();
    const msm7 = Uint8Array.from(payload);
    msm7[1] = ((msm7[1] as number) & 0x0f) | (0x5 << 4); // 0x435 = 1077
    expect(decodeMsm4(msm7)).toBeNull();
  });
});
