import { isObservationMessage } from './observations';
import { gpsToUnix, resolveBdsTimeOfWeek, resolveGlonassTimeOfDay, resolveTimeOfWeek, unixToGps } from './time';

/**
 * The first and last observation epoch in whole RTCM frames laid back to back (an archive segment), as Unix ms,
 * or null when they hold no observation. Each epoch is read against `receivedAt` (within half a week), so data
 * sent late in one burst is dated by its own epochs, not by its arrival (decision 0044). Frames were CRC-checked
 * when they arrived: this only walks their lengths and reads each observation header's time field.
 */
export function observationEpochSpan(frames: Uint8Array, receivedAt: number): { first: number; last: number } | null {
  const reference = unixToGps(receivedAt);
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  let offset = 0;
  while (offset + 6 <= frames.length) {
    if (frames[offset] !== 0xd3) {
      offset++;
      continue;
    }
    const length = (((frames[offset + 1] as number) & 0x03) << 8) | (frames[offset + 2] as number);
    const payload = offset + 3;
    offset = payload + length + 3;
    if (length < 8 || offset > frames.length) continue;
    const time = epochTime(frames, payload, reference);
    if (time === null) continue;
    first = Math.min(first, time);
    last = Math.max(last, time);
  }
  return first <= last ? { first: gpsToUnix(first), last: gpsToUnix(last) } : null;
}

/** GPS ms of an observation message's epoch: DF004/DF034 (legacy) or the MSM epoch time after type and station. */
function epochTime(bytes: Uint8Array, payload: number, reference: number): number | null {
  const messageType = ((bytes[payload] as number) << 4) | ((bytes[payload + 1] as number) >> 4);
  if (!isObservationMessage(messageType)) return null;
  // Bits 24..53 of the payload: 30 bits (legacy GLONASS: the first 27 of them).
  const word =
    (((bytes[payload + 3] as number) << 24) |
      ((bytes[payload + 4] as number) << 16) |
      ((bytes[payload + 5] as number) << 8) |
      (bytes[payload + 6] as number)) >>>
    0;
  const field = Math.floor(word / 4);
  if (messageType === 1010 || messageType === 1012) return resolveGlonassTimeOfDay(Math.floor(field / 8), reference);
  const system = Math.floor(messageType / 10) * 10;
  if (system === 1080) return resolveGlonassTimeOfDay(field % 2 ** 27, reference);
  if (system === 1120) return resolveBdsTimeOfWeek(field, reference);
  return resolveTimeOfWeek(field, reference);
}
