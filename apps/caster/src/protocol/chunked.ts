/** Size lines (hex size plus extensions) and trailer lines longer than this are not real senders. */
export const DEFAULT_MAX_CHUNK_LINE_LENGTH = 1024;
/** Far above any NTRIP chunk; it only keeps the size arithmetic exact. */
export const DEFAULT_MAX_CHUNK_SIZE = 16 * 1024 * 1024;

export interface ChunkedDecoderOptions {
  maxLineLength?: number;
  maxChunkSize?: number;
}

export class ChunkedDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkedDecodeError';
  }
}

const CR = 0x0d;
const LF = 0x0a;
const SEMICOLON = 0x3b;
const SPACE = 0x20;
const TAB = 0x09;

// Decoder states.
const SIZE = 0; // hex digits of the size line
const SIZE_EXTENSION = 1; // after the digits: `;ext` or whitespace up to the line end
const SIZE_LF = 2; // CR seen at the end of the size line
const DATA = 3;
const DATA_CR = 4; // CRLF expected after the data
const DATA_LF = 5;
const TRAILER_START = 6; // start of a trailer line after the last chunk; an empty one ends the body
const TRAILER_LINE = 7;
const TRAILER_END_LF = 8;
const ENDED = 9;
const FAILED = 10;

/**
 * Streaming decoder for an HTTP/1.1 chunked body (an NTRIP 2.0 upload, or a v2 upstream in the relay).
 * `push` returns the data bytes as views into the pushed buffers, so nothing is copied or allocated per
 * byte. Bare LF line ends are accepted (RFC 7230 allows it), chunk extensions and trailers are skipped,
 * and bytes after the final `0\r\n\r\n` are ignored.
 *
 * Malformed input does not throw: `push` still returns the data decoded before the bad byte (it was valid
 * and a relay should forward it), sets `error`, and returns nothing from then on. Check `error` after
 * each push and close the connection when it is set.
 */
export class ChunkedDecoder {
  readonly #maxLineLength: number;
  readonly #maxChunkSize: number;
  #state = SIZE;
  #size = 0;
  #digits = 0;
  #lineLength = 0;
  #remaining = 0;
  #chunkCount = 0;
  #error: ChunkedDecodeError | undefined;

  constructor(options: ChunkedDecoderOptions = {}) {
    this.#maxLineLength = options.maxLineLength ?? DEFAULT_MAX_CHUNK_LINE_LENGTH;
    this.#maxChunkSize = options.maxChunkSize ?? DEFAULT_MAX_CHUNK_SIZE;
  }

  /** True once the last chunk and the trailer's blank line were read. */
  get ended(): boolean {
    return this.#state === ENDED;
  }

  /** Set once the input is malformed; the decoder then ignores everything pushed. */
  get error(): ChunkedDecodeError | undefined {
    return this.#error;
  }

  /** Data chunks whose size line was read (the last, empty chunk not counted). */
  get chunkCount(): number {
    return this.#chunkCount;
  }

  push(chunk: Buffer): Buffer[] {
    const out: Buffer[] = [];
    let i = 0;
    while (i < chunk.length && this.#state !== ENDED && this.#state !== FAILED) {
      if (this.#state === DATA) {
        const take = Math.min(this.#remaining, chunk.length - i);
        out.push(chunk.subarray(i, i + take));
        i += take;
        this.#remaining -= take;
        if (this.#remaining === 0) this.#state = DATA_CR;
        continue;
      }
      this.#step(chunk[i] as number);
      i++;
    }
    return out;
  }

  #step(byte: number): void {
    switch (this.#state) {
      case SIZE:
        this.#onSizeByte(byte);
        break;
      case SIZE_EXTENSION:
        if (byte === CR || byte === LF) this.#onSizeLineEnd(byte);
        else this.#countLineByte();
        break;
      case SIZE_LF:
        if (byte === LF) this.#endSizeLine();
        else this.#fail('expected LF after the chunk size line');
        break;
      case DATA_CR:
        if (byte === CR) this.#state = DATA_LF;
        else if (byte === LF) this.#startSizeLine();
        else this.#fail('expected CRLF after chunk data');
        break;
      case DATA_LF:
        if (byte === LF) this.#startSizeLine();
        else this.#fail('expected CRLF after chunk data');
        break;
      case TRAILER_START:
        if (byte === CR) this.#state = TRAILER_END_LF;
        else if (byte === LF) this.#state = ENDED;
        else this.#onTrailerByte(byte);
        break;
      case TRAILER_LINE:
        this.#onTrailerByte(byte);
        break;
      case TRAILER_END_LF:
        if (byte === LF) this.#state = ENDED;
        else this.#fail('expected LF after the last chunk');
        break;
    }
  }

  #onSizeByte(byte: number): void {
    const digit = hexValue(byte);
    if (digit !== -1) {
      this.#size = this.#size * 16 + digit;
      this.#digits++;
      if (this.#size > this.#maxChunkSize) this.#fail('chunk size too large');
      else this.#countLineByte();
    } else if (this.#digits === 0) {
      this.#fail('chunk size is not hexadecimal');
    } else if (byte === SEMICOLON || byte === SPACE || byte === TAB) {
      this.#state = SIZE_EXTENSION;
      this.#countLineByte();
    } else {
      this.#onSizeLineEnd(byte);
    }
  }

  #onSizeLineEnd(byte: number): void {
    if (byte === CR) this.#state = SIZE_LF;
    else if (byte === LF) this.#endSizeLine();
    else this.#fail('unexpected byte in the chunk size line');
  }

  #endSizeLine(): void {
    if (this.#size === 0) {
      this.#state = TRAILER_START;
      this.#lineLength = 0;
      return;
    }
    this.#remaining = this.#size;
    this.#chunkCount++;
    this.#state = DATA;
  }

  #startSizeLine(): void {
    this.#state = SIZE;
    this.#size = 0;
    this.#digits = 0;
    this.#lineLength = 0;
  }

  #onTrailerByte(byte: number): void {
    if (byte === LF) {
      this.#state = TRAILER_START;
      this.#lineLength = 0;
      return;
    }
    this.#state = TRAILER_LINE;
    this.#countLineByte();
  }

  #countLineByte(): void {
    this.#lineLength++;
    if (this.#lineLength > this.#maxLineLength) this.#fail('chunk line too long');
  }

  #fail(message: string): void {
    this.#state = FAILED;
    this.#error = new ChunkedDecodeError(message);
  }
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

/**
 * One chunk as one Buffer: `hex-size\r\n data \r\n`. In fan-out the chunk is encoded once and the same
 * Buffer is written to every v2 rover, so the per-rover cost is one write of one buffer (no writev of
 * three parts, no per-rover framing); the single copy of the data per chunk is paid once, not per rover.
 * Several parts (e.g. the RTCM frames of one tick) can be framed together without joining them first.
 */
export function encodeChunk(data: Uint8Array | readonly Uint8Array[]): Buffer {
  const parts: readonly Uint8Array[] = data instanceof Uint8Array ? [data] : data;
  let length = 0;
  for (const part of parts) length += part.length;
  // A zero-size chunk is the end-of-body marker: emitting one by accident would end the rover's stream.
  if (length === 0) throw new RangeError('encodeChunk needs at least one byte of data');

  const sizeLine = length.toString(16);
  const out = Buffer.allocUnsafe(sizeLine.length + length + 4);
  let offset = out.write(sizeLine, 0, 'latin1');
  out[offset++] = CR;
  out[offset++] = LF;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  out[offset++] = CR;
  out[offset] = LF;
  return out;
}

/** The last chunk with an empty trailer: ends a chunked body. */
export function lastChunk(): Buffer {
  return Buffer.from('0\r\n\r\n', 'latin1');
}
