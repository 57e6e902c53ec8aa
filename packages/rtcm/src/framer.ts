import { crc24q } from './crc24q';
import { carriesStationId } from './messages';

const PREAMBLE = 0xd3;
const HEADER_BYTES = 3;
const CRC_BYTES = 3;
/** The length field is 10 bits, so a frame is at most 3 + 1023 + 3 bytes. */
export const MAX_FRAME_BYTES = HEADER_BYTES + 1023 + CRC_BYTES;
/** The 6 bits after the preamble, reserved (zero) in RTCM 3. */
const RESERVED_MASK = 0xfc;

export interface RtcmFrame {
  /** The whole frame (header, payload, CRC), ready to forward as is. */
  bytes: Uint8Array;
  payload: Uint8Array;
  /** The first 12 payload bits; 0 for a frame too short to carry one (the empty keep-alive frame D3 00 00 47 EA 4B). */
  messageType: number;
  /** The next 12 bits, for messages where they are a reference station id (see carriesStationId). */
  stationId: number | undefined;
}

export interface RtcmFramerStats {
  /** Frames delivered. */
  frames: number;
  /** Candidate frames whose CRC did not match. */
  badCrc: number;
  /** Bytes that belonged to no valid frame (garbage, false preambles). */
  skippedBytes: number;
  /** Bytes of an incomplete frame held until the next push. */
  pendingBytes: number;
}

export interface RtcmFramerOptions {
  /**
   * Accept headers whose 6 reserved bits are set. Off by default: RTCM 3 requires them to be zero, and checking them
   * rejects most false preambles in garbage without waiting for up to 1029 bytes to reach a CRC.
   */
  allowReservedBits?: boolean;
}

/**
 * A streaming RTCM 3 deframer. Push chunks as they arrive; get back the complete, CRC-valid frames.
 *
 * A frame that lies wholly inside one pushed chunk is returned as a view into that chunk (no copy), so do not reuse
 * or mutate a chunk after pushing it; frames spanning pushes are copied out of a 1 KiB holding buffer. After a CRC
 * failure the search restarts one byte after the false preamble, so a real frame hidden inside it is still found.
 */
export class RtcmFramer {
  readonly #reservedMask: number;
  #pending: Uint8Array | undefined;
  #pendingLength = 0;
  #frames = 0;
  #badCrc = 0;
  #skippedBytes = 0;

  constructor(options: RtcmFramerOptions = {}) {
    this.#reservedMask = options.allowReservedBits ? 0 : RESERVED_MASK;
  }

  push(chunk: Uint8Array): RtcmFrame[] {
    const frames: RtcmFrame[] = [];
    let position = 0;
    while (this.#pendingLength > 0 && position < chunk.length) {
      position = this.#continuePending(chunk, position, frames);
    }
    if (position < chunk.length) this.#scan(chunk, position, frames);
    return frames;
  }

  get stats(): RtcmFramerStats {
    return {
      frames: this.#frames,
      badCrc: this.#badCrc,
      skippedBytes: this.#skippedBytes,
      pendingBytes: this.#pendingLength,
    };
  }

  /** Drops a held partial frame, e.g. when the source reconnects. Counters are kept. */
  reset(): void {
    this.#pendingLength = 0;
  }

  /** Looks for frames in buffer[start..], keeping a trailing partial frame for the next push. */
  #scan(buffer: Uint8Array, start: number, frames: RtcmFrame[]): void {
    const end = buffer.length;
    let at = start;
    while (at < end) {
      const preamble = buffer.indexOf(PREAMBLE, at);
      if (preamble === -1) {
        this.#skippedBytes += end - at;
        return;
      }
      this.#skippedBytes += preamble - at;
      at = preamble;
      if (at + 1 < end && ((buffer[at + 1] as number) & this.#reservedMask) !== 0) {
        this.#skippedBytes++;
        at++;
        continue;
      }
      if (end - at < HEADER_BYTES) {
        this.#keep(buffer, at, end);
        return;
      }
      const frameLength = frameLengthOf(buffer, at);
      if (end - at < frameLength) {
        this.#keep(buffer, at, end);
        return;
      }
      if (hasValidCrc(buffer, at, frameLength)) {
        frames.push(toFrame(buffer.subarray(at, at + frameLength)));
        this.#frames++;
        at += frameLength;
      } else {
        this.#badCrc++;
        this.#skippedBytes++;
        at++;
      }
    }
  }

  /** Feeds chunk bytes into the held partial frame; returns the chunk position after what it used. */
  #continuePending(chunk: Uint8Array, start: number, frames: RtcmFrame[]): number {
    const pending = this.#pending as Uint8Array;
    let position = start;
    while (this.#pendingLength < HEADER_BYTES && position < chunk.length) {
      pending[this.#pendingLength++] = chunk[position++] as number;
    }
    if (this.#pendingLength < 2) return position;
    if (((pending[1] as number) & this.#reservedMask) !== 0) {
      this.#rescanPending(frames);
      return position;
    }
    if (this.#pendingLength < HEADER_BYTES) return position;

    const frameLength = frameLengthOf(pending, 0);
    const take = Math.min(frameLength - this.#pendingLength, chunk.length - position);
    pending.set(chunk.subarray(position, position + take), this.#pendingLength);
    this.#pendingLength += take;
    position += take;
    if (this.#pendingLength < frameLength) return position;

    if (hasValidCrc(pending, 0, frameLength)) {
      frames.push(toFrame(pending.slice(0, frameLength)));
      this.#frames++;
      this.#pendingLength = 0;
    } else {
      this.#badCrc++;
      this.#rescanPending(frames);
    }
    return position;
  }

  /** The held preamble was false: skip it and search the bytes held after it. */
  #rescanPending(frames: RtcmFrame[]): void {
    const rest = (this.#pending as Uint8Array).slice(1, this.#pendingLength);
    this.#pendingLength = 0;
    this.#skippedBytes++;
    this.#scan(rest, 0, frames);
  }

  #keep(buffer: Uint8Array, start: number, end: number): void {
    this.#pending ??= new Uint8Array(MAX_FRAME_BYTES);
    this.#pending.set(buffer.subarray(start, end), 0);
    this.#pendingLength = end - start;
  }
}

function frameLengthOf(buffer: Uint8Array, at: number): number {
  const payloadLength = (((buffer[at + 1] as number) & 0x03) << 8) | (buffer[at + 2] as number);
  return HEADER_BYTES + payloadLength + CRC_BYTES;
}

function hasValidCrc(buffer: Uint8Array, at: number, frameLength: number): boolean {
  const crcAt = at + frameLength - CRC_BYTES;
  const expected =
    ((buffer[crcAt] as number) << 16) | ((buffer[crcAt + 1] as number) << 8) | (buffer[crcAt + 2] as number);
  return crc24q(buffer, at, crcAt) === expected;
}

function toFrame(bytes: Uint8Array): RtcmFrame {
  const payload = bytes.subarray(HEADER_BYTES, bytes.length - CRC_BYTES);
  const messageType = payload.length >= 2 ? ((payload[0] as number) << 4) | ((payload[1] as number) >>> 4) : 0;
  const hasStationId = payload.length >= 3 && carriesStationId(messageType);
  const stationId = hasStationId ? (((payload[1] as number) & 0x0f) << 8) | (payload[2] as number) : undefined;
  return { bytes, payload, messageType, stationId };
}
