// RTCM fields are big-endian bit strings of 1 to 64 bits. Values are JS numbers, exact up to 53 bits, which covers
// every numeric field (the widest, ECEF coordinates, are 38 bits); 64-bit masks are read as two 32-bit halves.
const MAX_FIELD_BITS = 53;

function checkWidth(bits: number): void {
  if (!Number.isInteger(bits) || bits < 0 || bits > MAX_FIELD_BITS) {
    throw new RangeError(`A field is 0 to ${MAX_FIELD_BITS} bits wide, not ${bits}`);
  }
}

/** Reads big-endian unsigned and two's-complement fields from a byte array, most significant bit first. */
export class BitReader {
  readonly #data: Uint8Array;
  readonly #endBit: number;
  #position: number;

  constructor(data: Uint8Array, startBit = 0) {
    this.#data = data;
    this.#endBit = data.length * 8;
    this.#position = startBit;
  }

  /** The bit offset of the next read. */
  get position(): number {
    return this.#position;
  }

  get remainingBits(): number {
    return this.#endBit - this.#position;
  }

  skip(bits: number): void {
    this.#require(bits);
    this.#position += bits;
  }

  readUnsigned(bits: number): number {
    checkWidth(bits);
    this.#require(bits);
    const data = this.#data;
    let position = this.#position;
    let remaining = bits;
    let value = 0;
    while (remaining > 0) {
      const offset = position & 7;
      const take = Math.min(8 - offset, remaining);
      const byte = data[position >>> 3] as number;
      const part = (byte >>> (8 - offset - take)) & ((1 << take) - 1);
      // Multiplication rather than `<<` keeps the value exact past 31 bits.
      value = value * (1 << take) + part;
      position += take;
      remaining -= take;
    }
    this.#position = position;
    return value;
  }

  readSigned(bits: number): number {
    const unsigned = this.readUnsigned(bits);
    if (bits === 0) return 0;
    const half = 2 ** (bits - 1);
    return unsigned >= half ? unsigned - 2 * half : unsigned;
  }

  readBoolean(): boolean {
    return this.readUnsigned(1) === 1;
  }

  #require(bits: number): void {
    if (this.#position + bits > this.#endBit) {
      throw new RangeError(`Reading ${bits} bits at bit ${this.#position} runs past the end (${this.#endBit} bits)`);
    }
  }
}

/** Appends big-endian bit fields; grows as needed. */
export class BitWriter {
  #bytes: Uint8Array;
  #length = 0;

  constructor(initialBytes = 64) {
    this.#bytes = new Uint8Array(Math.max(1, initialBytes));
  }

  /** Bits written so far. */
  get bitLength(): number {
    return this.#length;
  }

  writeUnsigned(value: number, bits: number): this {
    checkWidth(bits);
    if (!Number.isInteger(value) || value < 0 || value >= 2 ** bits) {
      throw new RangeError(`${value} does not fit in ${bits} unsigned bits`);
    }
    this.#ensure(bits);
    let remaining = bits;
    while (remaining > 0) {
      const offset = this.#length & 7;
      const take = Math.min(8 - offset, remaining);
      // `& mask` keeps the low bits; ToInt32 preserves them for any integer below 2^53.
      const part = Math.floor(value / 2 ** (remaining - take)) & ((1 << take) - 1);
      const index = this.#length >>> 3;
      this.#bytes[index] = (this.#bytes[index] as number) | (part << (8 - offset - take));
      this.#length += take;
      remaining -= take;
    }
    return this;
  }

  writeSigned(value: number, bits: number): this {
    checkWidth(bits);
    const half = 2 ** (bits - 1);
    if (!Number.isInteger(value) || value < -half || value >= half) {
      throw new RangeError(`${value} does not fit in ${bits} signed bits`);
    }
    return this.writeUnsigned(value < 0 ? value + 2 * half : value, bits);
  }

  writeBoolean(value: boolean): this {
    return this.writeUnsigned(value ? 1 : 0, 1);
  }

  /** The bytes written, the last one zero-padded; a copy, so the writer can be reused. */
  toBytes(): Uint8Array {
    return this.#bytes.slice(0, Math.ceil(this.#length / 8));
  }

  #ensure(bits: number): void {
    const needed = Math.ceil((this.#length + bits) / 8);
    if (needed <= this.#bytes.length) return;
    const grown = new Uint8Array(Math.max(needed, this.#bytes.length * 2));
    grown.set(this.#bytes);
    this.#bytes = grown;
  }
}
