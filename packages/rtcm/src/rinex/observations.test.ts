import { describe, expect, it } from 'vitest';
import { BitWriter } from '../bits';
import { encodeMsm4 } from '../encoder';
import { msmEpochTime } from '../gnss-time';
import { EpochAssembler, EpochFilter } from './epochs';
import { ObservationDecoder } from './observations';
import { SPEED_OF_LIGHT } from './signals';
import { unixToGps } from './time';

const LIGHT_MS = SPEED_OF_LIGHT / 1000;
const L1 = 1_575_420_000;
const payloadOf = (frame: Uint8Array) => frame.subarray(3, frame.length - 3);
const time = Date.UTC(2026, 10, 24, 12, 0, 0);

function gpsMsm4(options: { lock?: number; half?: boolean; more?: boolean; at?: number; cnr?: number } = {}) {
  return payloadOf(
    encodeMsm4({
      messageType: 1074,
      stationId: 7,
      epochTime: msmEpochTime('GPS', options.at ?? time),
      multipleMessage: options.more ?? false,
      satellites: [
        {
          id: 5,
          signals: [
            {
              id: 2,
              pseudorangeMs: 70.5 + 2 ** -20,
              phaseRangeMs: 70.5 + 2 ** -22,
              lockTimeIndicator: options.lock ?? 5,
              halfCycleAmbiguity: options.half ?? false,
              cnr: options.cnr ?? 45,
            },
          ],
        },
      ],
    }),
  );
}

describe('ObservationDecoder, MSM4', () => {
  it('gives metres, cycles and dB-Hz in the order RTKLIB computes them', () => {
    const decoder = new ObservationDecoder(unixToGps(time));
    const message = decoder.decode(gpsMsm4());
    expect(message?.time).toBe(unixToGps(time));
    expect(message?.stationId).toBe(7);
    expect(message?.isLastOfEpoch).toBe(true);
    const [satellite] = message?.satellites ?? [];
    expect(satellite?.satellite).toBe('G05');
    const signal = satellite?.signals[0];
    const rough = 70 * LIGHT_MS + 512 * 2 ** -10 * LIGHT_MS;
    expect(signal?.code).toBe('1C');
    expect(signal?.pseudorange).toBe(rough + 2 ** -20 * LIGHT_MS);
    expect(signal?.phase).toBeCloseTo((rough + 2 ** -22 * LIGHT_MS) / (SPEED_OF_LIGHT / L1), 6);
    expect(signal?.cnr).toBe(45);
    expect(signal?.doppler).toBeUndefined();
  });

  it('flags loss of lock when the indicator drops or stays at zero, and half cycles as bit 1', () => {
    const decoder = new ObservationDecoder(unixToGps(time));
    const lli = (options: Parameters<typeof gpsMsm4>[0]) =>
      decoder.decode(gpsMsm4(options))?.satellites[0]?.signals[0]?.lli;
    expect(lli({ lock: 5 })).toBe(0);
    expect(lli({ lock: 6 })).toBe(0);
    expect(lli({ lock: 3 })).toBe(1);
    expect(lli({ lock: 0 })).toBe(1);
    expect(lli({ lock: 0 })).toBe(1); // stuck at zero: flagged every epoch
    expect(lli({ lock: 4, half: true })).toBe(2);
  });

  it('takes the week from the reference, also across the rollover', () => {
    const lateSaturday = Date.UTC(2026, 10, 28, 23, 59, 59);
    const decoder = new ObservationDecoder(unixToGps(lateSaturday) + 5_000);
    expect(decoder.decode(gpsMsm4({ at: lateSaturday }))?.time).toBe(unixToGps(lateSaturday));
  });

  it('refuses a payload shorter than its cells', () => {
    const decoder = new ObservationDecoder(unixToGps(time));
    expect(decoder.decode(gpsMsm4().subarray(0, 25))).toBeNull();
  });
});

describe('ObservationDecoder, legacy 1004', () => {
  it('reads L1 and L2 with the ambiguity, and drops the L2 of an SBAS satellite', () => {
    const writer = new BitWriter()
      .writeUnsigned(1004, 12)
      .writeUnsigned(3, 12)
      .writeUnsigned(unixToGps(time) % 604_800_000, 30)
      .writeUnsigned(0, 1)
      .writeUnsigned(2, 5)
      .writeUnsigned(0, 4);
    for (const id of [12, 40]) {
      writer
        .writeUnsigned(id, 6)
        .writeUnsigned(0, 1)
        .writeUnsigned(1_000_000, 24) // 20 000 m
        .writeSigned(2_000, 20) // +1 m
        .writeUnsigned(10, 7)
        .writeUnsigned(70, 8) // 70 light-ms
        .writeUnsigned(180, 8) // 45 dB-Hz
        .writeUnsigned(3, 2) // 2W
        .writeSigned(50, 14) // +1 m
        .writeSigned(4_000, 20)
        .writeUnsigned(10, 7)
        .writeUnsigned(160, 8);
    }
    const message = new ObservationDecoder(unixToGps(time)).decode(writer.toBytes());
    const [gps, sbas] = message?.satellites ?? [];
    const pseudorange = 20_000 + 70 * LIGHT_MS;
    expect(gps?.satellite).toBe('G12');
    expect(gps?.signals.map((s) => s.code)).toEqual(['1C', '2W']);
    expect(gps?.signals[0]?.pseudorange).toBe(pseudorange);
    expect(gps?.signals[1]?.pseudorange).toBe(pseudorange + 1);
    expect(gps?.signals[0]?.cnr).toBe(45);
    expect(sbas?.satellite).toBe('S20');
    expect(sbas?.signals.map((s) => s.code)).toEqual(['1C']);
  });
});

describe('EpochAssembler', () => {
  it('writes an epoch when its last message arrives and drops one left incomplete', () => {
    const decoder = new ObservationDecoder(unixToGps(time));
    const assembler = new EpochAssembler();
    expect(assembler.push(decoder.decode(gpsMsm4({ more: true })) as never)).toBeNull();
    // The next second arrives without the first one's last message: the first is dropped.
    const next = decoder.decode(gpsMsm4({ at: time + 1000 })) as never;
    expect(assembler.push(next)?.time).toBe(unixToGps(time + 1000));
  });
});

describe('EpochFilter', () => {
  const start = 2400 * 604_800_000; // a GPS week's start: on every interval
  const epochAt = (offsetMs: number, lli = 0) => ({
    time: start + offsetMs,
    satellites: [{ satellite: 'G05', signals: [{ code: '1C', pseudorange: 1, phase: 2, lli }] }],
  });

  it('marks the first phase of a signal as a possible slip', () => {
    const filter = new EpochFilter({ intervalSeconds: 0, systems: '', from: -Infinity, to: Infinity });
    expect(filter.apply(epochAt(0))?.satellites[0]?.signals[0]?.lli).toBe(1);
    expect(filter.apply(epochAt(1000))?.satellites[0]?.signals[0]?.lli).toBe(0);
  });

  it('keeps every n-th second and carries a slip from a skipped epoch to the next one written', () => {
    const filter = new EpochFilter({ intervalSeconds: 5, systems: '', from: -Infinity, to: Infinity });
    expect(filter.apply(epochAt(0))).not.toBeNull();
    expect(filter.apply(epochAt(2000, 1))).toBeNull();
    expect(filter.apply(epochAt(5000))?.satellites[0]?.signals[0]?.lli).toBe(1);
    expect(filter.apply(epochAt(10_000))?.satellites[0]?.signals[0]?.lli).toBe(0);
  });

  it('keeps the window [from, to) and the chosen systems only', () => {
    const from = start + 1000;
    const filter = new EpochFilter({ intervalSeconds: 0, systems: 'R', from, to: from + 2000 });
    expect(filter.apply(epochAt(1000))).toBeNull(); // GPS only: nothing left
    const gpsAndGlonass = {
      ...epochAt(2000),
      satellites: [...epochAt(2000).satellites, { satellite: 'R01', signals: [] }],
    };
    expect(filter.apply(gpsAndGlonass)?.satellites.map((s) => s.satellite)).toEqual(['R01']);
    expect(filter.apply({ ...gpsAndGlonass, time: from + 2000 })).toBeNull();
  });
});
