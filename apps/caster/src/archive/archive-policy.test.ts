import { describe, expect, it } from 'vitest';
import { isRecorded, type RecordedNetwork } from './archive-policy';

const hosted: RecordedNetwork = { kind: 'hosted', archiveRetentionDays: 30, archiveRelayed: false };
const relay: RecordedNetwork = { kind: 'relay', archiveRetentionDays: 30, archiveRelayed: true };
const rtcm = { format: 'RTCM 3.3', needsGga: false };

describe('isRecorded', () => {
  it('records hosted RTCM 3 stations of networks that keep archives', () => {
    expect(isRecorded(rtcm, hosted)).toBe(true);
    expect(isRecorded({ format: '', needsGga: false }, hosted)).toBe(true);
    // A hosted base flagged nmea=1 still pushes one stream of its own.
    expect(isRecorded({ ...rtcm, needsGga: true }, hosted)).toBe(true);
  });

  it('records nothing of a network with retention 0, an unknown network or a format other than RTCM 3', () => {
    expect(isRecorded(rtcm, { ...hosted, archiveRetentionDays: 0 })).toBe(false);
    expect(isRecorded(rtcm, undefined)).toBe(false);
    expect(isRecorded({ format: 'CMR+', needsGga: false }, hosted)).toBe(false);
    expect(isRecorded({ format: 'RTCM 2.3', needsGga: false }, hosted)).toBe(false);
  });

  it('records a relayed station only when its network allows it, and never an nmea=1 (VRS) relay mount', () => {
    expect(isRecorded(rtcm, relay)).toBe(true);
    expect(isRecorded(rtcm, { ...relay, archiveRelayed: false })).toBe(false);
    expect(isRecorded(rtcm, { ...relay, archiveRetentionDays: 0 })).toBe(false);
    expect(isRecorded({ ...rtcm, needsGga: true }, relay)).toBe(false);
  });
});
