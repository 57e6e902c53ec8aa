import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ChunkedDecoder } from '@fixpoint/caster';
import { describe, expect, it } from 'vitest';
import { rtcmTestdata } from './shared-dir';

// A real NTRIP 2.0 chunked body captured from a live caster (testdata/rtcm/README.md): 246 chunks,
// 22,469 B after de-chunking. The capture stops with 5 stray bytes (`#E#E\x05`) where the next size
// line would be, so the decoder reports an error there after delivering every chunk.
const capture = readFileSync(resolve(rtcmTestdata, 'ntrip_chunked.bin'));
const STRAY_TAIL = Buffer.from('#E#E\x05', 'latin1');

function decode(pieces: Iterable<Buffer>) {
  const decoder = new ChunkedDecoder();
  const out: Buffer[] = [];
  for (const piece of pieces) out.push(...decoder.push(piece));
  return { data: Buffer.concat(out), chunks: decoder.chunkCount, ended: decoder.ended, error: decoder.error?.message };
}

/** Deterministic pieces of 1 to maxSize bytes (mulberry32), so a failure can be replayed. */
function* randomPieces(input: Buffer, seed: number, maxSize: number): Generator<Buffer> {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  for (let offset = 0; offset < input.length; ) {
    const size = 1 + Math.floor(next() * maxSize);
    yield input.subarray(offset, offset + size);
    offset += size;
  }
}

describe('ChunkedDecoder on a captured NTRIP 2.0 body', () => {
  const whole = decode([capture]);

  it('de-chunks 22,469 bytes from 246 chunks and stops at the stray tail', () => {
    expect(capture.subarray(-STRAY_TAIL.length)).toEqual(STRAY_TAIL);
    expect(whole).toMatchObject({ chunks: 246, ended: false, error: 'chunk size is not hexadecimal' });
    expect(whole.data.length).toBe(22_469);
  });

  it('starts mid-frame and carries RTCM frames', () => {
    expect(whole.data[0]).not.toBe(0xd3);
    expect(whole.data.indexOf(0xd3)).toBeGreaterThan(0);
  });

  it.each([
    [1, 3],
    [2, 17],
    [42, 64],
    [2024, 512],
  ])('gives identical output fed in random pieces (seed %i, up to %i bytes)', (seed, maxSize) => {
    const pieces = [...randomPieces(capture, seed, maxSize)];
    expect(pieces.length).toBeGreaterThan(capture.length / maxSize);
    const pieced = decode(pieces);
    expect(pieced).toEqual(whole);
  });

  it('gives identical output fed byte by byte', () => {
    expect(decode(randomPieces(capture, 7, 1))).toEqual(whole);
  });

  it('decodes the capture without its stray tail to a clean stop between chunks', () => {
    const clean = decode([capture.subarray(0, -STRAY_TAIL.length)]);
    expect(clean).toEqual({ data: whole.data, chunks: 246, ended: false, error: undefined });
  });
});
