import { decodeStationPosition, ecefToGeodetic, type RtcmFrame, RtcmFramer } from '@fixpoint/rtcm';
import type { Mount } from './mount';
import type { StationLiveState } from './station-live-state';

export interface SourceIngest {
  /** Bytes from the source (after de-chunking). Do not reuse `chunk` afterwards: frames may be views of it. */
  push(chunk: Buffer): void;
}

export interface IngestHooks {
  /** A 1005/1006 position, the first one of the connection and whenever it moves by more than a metre. */
  onPosition(state: StationLiveState): void;
  /** Bytes received, for metrics. */
  onBytes(count: number): void;
  /** RTCM 3 only: the whole frames just published, `raw` being their bytes (the archive recorder copies them). */
  onFrames?(raw: Buffer, frames: readonly RtcmFrame[], arrivedAt: number): void;
}

/**
 * Turns a source's bytes into fan-out: RTCM 3 streams are framed (CRC-checked, whole frames only, so AUTO rovers
 * can switch between bases without a split frame and garbage never reaches a rover); other formats (the station
 * says so) pass through as they come.
 */
export function createSourceIngest(mount: Mount, state: StationLiveState, hooks: IngestHooks): SourceIngest {
  if (!isRtcm3(mount.station.format)) {
    return {
      push(chunk) {
        state.onData(chunk.length, Date.now());
        hooks.onBytes(chunk.length);
        mount.publish(chunk);
      },
    };
  }
  const framer = new RtcmFramer();
  return {
    push(chunk) {
      const now = Date.now();
      state.onData(chunk.length, now);
      hooks.onBytes(chunk.length);
      const frames = framer.push(chunk);
      if (frames.length === 0) return;
      for (const frame of frames) {
        state.countMessage(frame.messageType, now);
        if (frame.messageType === 1005 || frame.messageType === 1006) onStationMessage(frame, state, hooks);
      }
      const raw = joinFrames(frames);
      mount.publish(raw);
      hooks.onFrames?.(raw, frames, now);
    },
  };
}

export function isRtcm3(format: string): boolean {
  return format === '' || /^rtcm\s*3/i.test(format);
}

/** The frames as one Buffer: a view when they lie back to back in one chunk (the usual case), else one copy. */
export function joinFrames(frames: readonly RtcmFrame[]): Buffer {
  const first = frames[0] as RtcmFrame;
  let end = first.bytes.byteOffset + first.bytes.byteLength;
  let isContiguous = true;
  for (let i = 1; i < frames.length && isContiguous; i++) {
    const bytes = (frames[i] as RtcmFrame).bytes;
    isContiguous = bytes.buffer === first.bytes.buffer && bytes.byteOffset === end;
    end = bytes.byteOffset + bytes.byteLength;
  }
  if (isContiguous) return Buffer.from(first.bytes.buffer, first.bytes.byteOffset, end - first.bytes.byteOffset);
  return Buffer.concat(frames.map((frame) => frame.bytes));
}

function onStationMessage(frame: RtcmFrame, state: StationLiveState, hooks: IngestHooks): void {
  const decoded = decodeStationPosition(frame.payload);
  if (!decoded) return;
  const position = ecefToGeodetic(decoded.ecef);
  const previous = state.position;
  state.position = position;
  const hasMoved =
    !previous ||
    Math.abs(previous.latitude - position.latitude) > 1e-5 ||
    Math.abs(previous.longitude - position.longitude) > 1e-5;
  if (hasMoved) hooks.onPosition(state);
}
