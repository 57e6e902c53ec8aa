import { describe, expect, it } from 'vitest';
import { BitReader, BitWriter } from './bits';

describe('BitReader', () => {
  it('reads fields across byte boundaries, most significant bit first', () => {
    const reader = new BitReader(Uint8Array.of(0b1010_1100, 0b0011_1111, 0xff));
    expect(reader.readUnsigned(3)).toBe(0b101);
    expect(reader.readUnsigned(7)).toBe(0b01100_00);
    expect(reader.readUnsigned(14)).toBe(0b1111_1111_1111_11);
    expect(reader.remainingBits).toBe(0);
  });

  it('reads the 12-bit message number and station id', () => {
    const reader = new BitReader(Uint8Array.of(0x3e, 0xd0, 0x07));
    expect(reader.readUnsigned(12)).toBe(1005);
    expect(reader.readUnsigned(12)).toBe(7);
  });

  it('reads two-complement fields', () => {
    const reader = new BitReader(Uint8Array.of(0xff, 0x80, 0x7f));
    expect(reader.readSigned(8)).toBe(-1);
    expect(reader.readSigned(8)).toBe(-128);
    expect(reader.readSigned(8)).toBe(127);
  });

  it('is exact for fields wider than 32 bits', () => {
    const writer = new BitWriter();
    writer
      .writeUnsigned(1, 3)
      .writeSigned(-44_723_575_368, 38)
      .writeUnsigned(2 ** 38 - 1, 38)
      .writeSigned(2 ** 37 - 1, 38);
    writer.writeUnsigned(2 ** 53 - 1, 53);
    const reader = new BitReader(writer.toBytes());
    expect(reader.readUnsigned(3)).toBe(1);
    expect(reader.readSigned(38)).toBe(-44_723_575_368);
    expect(reader.readUnsigned(38)).toBe(2 ** 38 - 1);
    expect(reader.readSigned(38)).toBe(2 ** 37 - 1);
    expect(reader.readUnsigned(53)).toBe(2 ** 53 - 1);
  });

  it('refuses to read past the end', () => {
    const reader = new BitReader(Uint8Array.of(0xff));
    reader.skip(4);
    expect(() => reader.readUnsigned(5)).toThrow(RangeError);
    expect(reader.position).toBe(4);
  });

  it('refuses fields wider than 53 bits', () => {
    expect(() => new BitReader(new Uint8Array(8)).readUnsigned(54)).toThrow(RangeError);
  });
});

describe('BitWriter', () => {
  it('packs fields and zero-pads the last byte', () => {
    const bytes = new BitWriter(1).writeUnsigned(1005, 12).writeUnsigned(7, 12).writeBoolean(true).toBytes();
    expect([...bytes]).toEqual([0x3e, 0xd0, 0x07, 0x80]);
  });

  it('grows beyond its initial size', () => {
    const writer = new BitWriter(1);
    for (let i = 0; i < 100; i++) writer.writeUnsigned(i, 8);
    expect([...writer.toBytes()]).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(writer.bitLength).toBe(800);
  });

  it('round-trips random fields of every width', () => {
    let seed = 99;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    const fields = Array.from({ length: 500 }, () => {
      const bits = 1 + Math.floor(random() * 53);
      const isSigned = random() < 0.5;
      const magnitude = Math.floor(random() * 2 ** (bits - 1));
      return { bits, isSigned, value: isSigned && random() < 0.5 ? -magnitude - 1 : magnitude };
    });
    const writer = new BitWriter();
    for (const { bits, isSigned, value } of fields) {
      if (isSigned) writer.writeSigned(value, bits);
      else writer.writeUnsigned(value, bits);
    }
    const reader = new BitReader(writer.toBytes());
    for (const { bits, isSigned, value } of fields) {
      expect(isSigned ? reader.readSigned(bits) : reader.readUnsigned(bits)).toBe(value);
    }
  });

  it('rejects values that do not fit', () => {
    const writer = new BitWriter();
    expect(() => writer.writeUnsigned(256, 8)).toThrow(RangeError);
    expect(() => writer.writeUnsigned(-1, 8)).toThrow(RangeError);
    expect(() => writer.writeUnsigned(1.5, 8)).toThrow(RangeError);
    expect(() => writer.writeSigned(128, 8)).toThrow(RangeError);
    expect(() => writer.writeSigned(-129, 8)).toThrow(RangeError);
    expect(writer.bitLength).toBe(0);
  });
});
