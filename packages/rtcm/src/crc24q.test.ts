import { describe, expect, it } from 'vitest';
import { crc24q } from './crc24q';

const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Bit-by-bit reference, straight from the polynomial definition, to check the table against. */
function crc24qBitwise(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte << 16;
    for (let bit = 0; bit < 8; bit++) {
      crc <<= 1;
      if (crc & 0x1000000) crc ^= 0x1864cfb;
    }
  }
  return crc & 0xffffff;
}

describe('crc24q', () => {
  it('gives the CRC-24Q check value for "123456789"', () => {
    expect(crc24q(ascii('123456789'))).toBe(0xcde703);
  });

  it('is 0 for no bytes (initial value 0)', () => {
    expect(crc24q(new Uint8Array(0))).toBe(0);
  });

  it('matches the empty RTCM frame D3 00 00 47 EA 4B', () => {
    expect(crc24q(Uint8Array.of(0xd3, 0x00, 0x00))).toBe(0x47ea4b);
  });

  it('is zero over a whole frame including its CRC (no reflection, no final XOR)', () => {
    expect(crc24q(Uint8Array.of(0xd3, 0x00, 0x00, 0x47, 0xea, 0x4b))).toBe(0);
  });

  it('covers only the given range', () => {
    const data = ascii('xx123456789yy');
    expect(crc24q(data, 2, 11)).toBe(0xcde703);
  });

  it('agrees with a bitwise implementation on random data', () => {
    let seed = 12345;
    const data = Uint8Array.from({ length: 4096 }, () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed >>> 24;
    });
    for (const length of [1, 2, 3, 17, 255, 1029, 4096]) {
      expect(crc24q(data, 0, length)).toBe(crc24qBitwise(data.subarray(0, length)));
    }
  });
});
