import { describe, expect, it } from 'vitest';
import { BitWriter } from './bits';
import { crc24q } from './crc24q';
import { encode1005, encodeFrame } from './encoder';
import { MAX_FRAME_BYTES, type RtcmFrame, RtcmFramer } from './framer';

/** A frame whose payload starts with the message number and station id, then `extra` filler bytes. */
function frameOf(messageType: number, stationId: number, extra = 4): Uint8Array {
  const writer = new BitWriter().writeUnsigned(messageType, 12).writeUnsigned(stationId, 12);
  for (let i = 0; i < extra; i++) writer.writeUnsigned((i * 37 + messageType) & 0xff, 8);
  return encodeFrame(writer.toBytes());
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const text = (value: string): Uint8Array => new TextEncoder().encode(value);
const types = (frames: RtcmFrame[]): number[] => frames.map((frame) => frame.messageType);

function pushInPieces(framer: RtcmFramer, data: Uint8Array, cuts: number[]): RtcmFrame[] {
  const frames: RtcmFrame[] = [];
  let start = 0;
  for (const cut of [...cuts, data.length]) {
    frames.push(...framer.push(data.slice(start, cut)));
    start = cut;
  }
  return frames;
}

describe('RtcmFramer', () => {
  it('delivers a frame with its bytes, payload, message number and station id', () => {
    const frame = frameOf(1077, 2001, 30);
    const [result, ...others] = new RtcmFramer().push(frame);
    expect(others).toEqual([]);
    expect(result?.bytes).toEqual(frame);
    expect(result?.payload).toEqual(frame.subarray(3, frame.length - 3));
    expect(result?.messageType).toBe(1077);
    expect(result?.stationId).toBe(2001);
  });

  it('leaves stationId undefined where the bits are not a station id', () => {
    const [ephemeris] = new RtcmFramer().push(frameOf(1019, 5, 60));
    const [ssr] = new RtcmFramer().push(frameOf(1060, 5, 60));
    expect(ephemeris?.messageType).toBe(1019);
    expect(ephemeris?.stationId).toBeUndefined();
    expect(ssr?.stationId).toBeUndefined();
  });

  it('accepts the empty keep-alive frame as message 0', () => {
    const framer = new RtcmFramer();
    const frames = framer.push(Uint8Array.of(0xd3, 0x00, 0x00, 0x47, 0xea, 0x4b));
    expect(frames).toHaveLength(1);
    expect(frames[0]?.messageType).toBe(0);
    expect(frames[0]?.payload).toHaveLength(0);
  });

  it('handles the largest frame (1023-byte payload)', () => {
    const frame = frameOf(1127, 1, 1020);
    expect(frame).toHaveLength(MAX_FRAME_BYTES);
    expect(types(new RtcmFramer().push(frame))).toEqual([1127]);
  });

  it('skips garbage before, between and after frames and counts it', () => {
    const framer = new RtcmFramer();
    const garbage = text('$GPGGA,noise\r\n');
    const stream = concat(garbage, frameOf(1005, 1), garbage, garbage, frameOf(1077, 1), garbage);
    expect(types(framer.push(stream))).toEqual([1005, 1077]);
    expect(framer.stats).toEqual({ frames: 2, badCrc: 0, skippedBytes: 4 * garbage.length, pendingBytes: 0 });
  });

  it('finds the same frames wherever a stream is split in two', () => {
    const stream = concat(text('xx'), frameOf(1005, 1), Uint8Array.of(0xd3), frameOf(1077, 1, 80), frameOf(1230, 1));
    for (let cut = 0; cut <= stream.length; cut++) {
      const framer = new RtcmFramer();
      const frames = pushInPieces(framer, stream, [cut]);
      expect(types(frames), `cut at ${cut}`).toEqual([1005, 1077, 1230]);
      expect(framer.stats.skippedBytes).toBe(3);
    }
  });

  it('finds the same frames when fed one byte at a time', () => {
    const stream = concat(frameOf(1005, 1), text('junk'), frameOf(1077, 1, 80), frameOf(1230, 1));
    const framer = new RtcmFramer();
    const frames = pushInPieces(
      framer,
      stream,
      Array.from({ length: stream.length }, (_, i) => i),
    );
    expect(frames.map((frame) => frame.bytes)).toEqual([frameOf(1005, 1), frameOf(1077, 1, 80), frameOf(1230, 1)]);
    expect(framer.stats).toEqual({ frames: 3, badCrc: 0, skippedBytes: 4, pendingBytes: 0 });
  });

  it('drops a frame with a bad CRC and finds the next one', () => {
    const broken = frameOf(1005, 1);
    broken[10] = (broken[10] as number) ^ 0x01;
    const stream = concat(frameOf(1004, 1), broken, frameOf(1012, 1));
    for (const cuts of [[], Array.from({ length: stream.length }, (_, i) => i)]) {
      const framer = new RtcmFramer();
      expect(types(pushInPieces(framer, stream, cuts))).toEqual([1004, 1012]);
      expect(framer.stats.badCrc).toBe(1);
      expect(framer.stats.skippedBytes).toBe(broken.length);
    }
  });

  it('resyncs one byte after a false preamble, finding a frame hidden in its claimed length', () => {
    // D3 00 40 claims a 64-byte payload that swallows the real frames right behind it; its CRC can only be checked
    // (and fail) once all 70 claimed bytes have arrived.
    const stream = concat(
      Uint8Array.of(0xd3, 0x00, 0x40),
      frameOf(1005, 1),
      frameOf(1006, 1, 40),
      frameOf(1230, 1, 20),
    );
    for (const cuts of [[], [1], [2], [5], [60], Array.from({ length: stream.length }, (_, i) => i)]) {
      const framer = new RtcmFramer();
      expect(types(pushInPieces(framer, stream, cuts)), `cuts ${cuts.length}`).toEqual([1005, 1006, 1230]);
      expect(framer.stats).toMatchObject({ frames: 3, badCrc: 1, skippedBytes: 3, pendingBytes: 0 });
    }
  });

  it('treats a preamble with reserved bits set as garbage, unless told otherwise', () => {
    const payload = Uint8Array.of(0x3e, 0xd0, 0x01);
    const frame = Uint8Array.of(0xd3, 0x04, 0x03, ...payload, 0, 0, 0);
    const crc = crc24q(frame, 0, 6);
    frame.set([crc >>> 16, (crc >>> 8) & 0xff, crc & 0xff], 6);

    const strict = new RtcmFramer();
    expect(strict.push(frame)).toEqual([]);
    expect(strict.stats).toMatchObject({ badCrc: 0, skippedBytes: frame.length });

    const lenient = new RtcmFramer({ allowReservedBits: true });
    expect(types(lenient.push(frame))).toEqual([1005]);
  });

  it('holds a partial frame, reports it pending, and drops it on reset', () => {
    const frame = frameOf(1005, 1);
    const framer = new RtcmFramer();
    expect(framer.push(frame.subarray(0, 10))).toEqual([]);
    expect(framer.stats.pendingBytes).toBe(10);
    framer.reset();
    expect(framer.stats.pendingBytes).toBe(0);
    expect(types(framer.push(frame))).toEqual([1005]);
  });

  it('returns views into the pushed chunk for whole frames and copies for frames spanning pushes', () => {
    const chunk = concat(frameOf(1005, 1), frameOf(1006, 1));
    const framer = new RtcmFramer();
    const [inside] = framer.push(chunk.subarray(0, 20));
    expect(inside?.bytes.buffer).toBe(chunk.buffer);
    const [spanning] = framer.push(chunk.subarray(20));
    expect(spanning?.bytes.buffer).not.toBe(chunk.buffer);
    expect(spanning?.bytes).toEqual(frameOf(1006, 1));
  });

  it('recovers every frame from random garbage and random chunking', () => {
    let seed = 2024;
    const random = (limit: number): number => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return Math.floor((seed / 2 ** 32) * limit);
    };
    const frames: Uint8Array[] = [];
    const parts: Uint8Array[] = [];
    let garbageBytes = 0;
    for (let i = 0; i < 300; i++) {
      // Garbage rich in preambles, some with valid-looking headers.
      const garbage = Uint8Array.from({ length: random(40) }, () => (random(4) === 0 ? 0xd3 : random(256)));
      const frame =
        i % 50 === 0
          ? encode1005({ stationId: i, ecef: { x: i, y: 2, z: 3 } })
          : frameOf(1001 + (i % 12), i, random(300));
      garbageBytes += garbage.length;
      parts.push(garbage, frame);
      frames.push(frame);
    }
    const stream = concat(...parts);
    const cuts: number[] = [];
    for (let at = random(100); at < stream.length; at += 1 + random(700)) cuts.push(at);
    const framer = new RtcmFramer();
    const found = pushInPieces(framer, stream, cuts);
    expect(found.map((frame) => frame.bytes)).toEqual(frames);
    expect(framer.stats.skippedBytes).toBe(garbageBytes);
    expect(framer.stats.pendingBytes).toBe(0);
  });
});
