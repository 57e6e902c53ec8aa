import { RtcmFramer } from '@fixpoint/rtcm';
import { describe, expect, it } from 'vitest';
import { rtcmSeconds } from '../testing/harness';
import { StationRecorder } from './station-recorder';

const framesOf = (bytes: Buffer) => new RtcmFramer().push(bytes);
const at = (iso: string) => Date.parse(iso);

describe('StationRecorder', () => {
  it('keeps copies of the frames, counts message types and the first and last arrival', () => {
    const recorder = new StationRecorder('station-1');
    const epochs = rtcmSeconds(7, 3);
    const input = epochs.map((epoch) => Buffer.from(epoch));
    input.forEach((epoch, i) => {
      expect(recorder.record(epoch, framesOf(epoch), at('2026-11-24T13:00:00Z') + i * 1000)).toBeUndefined();
    });
    // The caller's buffers may be reused: the recorder must have copied them.
    for (const epoch of input) epoch.fill(0);
    const draft = recorder.cut();
    expect(draft?.bytes).toEqual(Buffer.concat(epochs));
    expect(draft?.startedAt).toBe(at('2026-11-24T13:00:00Z'));
    expect(draft?.endedAt).toBe(at('2026-11-24T13:00:02Z'));
    const expected: Record<string, number> = {};
    for (const frame of framesOf(Buffer.concat(epochs))) {
      expected[frame.messageType] = (expected[frame.messageType] ?? 0) + 1;
    }
    expect(draft?.messageTypes).toEqual(expected);
    expect(draft?.frames).toBe(Object.values(expected).reduce((sum, count) => sum + count, 0));
    expect(recorder.cut()).toBeUndefined();
  });

  it('never lets a segment span a UTC hour boundary', () => {
    const recorder = new StationRecorder('station-1');
    const epochs = rtcmSeconds(7, 4);
    const times = ['13:59:58.400', '13:59:59.400', '14:00:00.400', '14:00:01.400'].map((time) =>
      at(`2026-11-24T${time}Z`),
    );
    const cutOffs = epochs.map((epoch, i) => recorder.record(epoch, framesOf(epoch), times[i] as number));
    expect(cutOffs.slice(0, 2)).toEqual([undefined, undefined]);
    const first = cutOffs[2];
    expect(first?.startedAt).toBe(times[0]);
    expect(first?.endedAt).toBe(times[1]);
    expect(first?.bytes).toEqual(Buffer.concat(epochs.slice(0, 2)));
    const second = recorder.cut();
    expect(second?.startedAt).toBe(times[2]);
    expect(second?.endedAt).toBe(times[3]);
    expect(second?.bytes).toEqual(Buffer.concat(epochs.slice(2)));
  });

  it('cuts early at the size cap, so memory per station stays bounded', () => {
    const epochs = rtcmSeconds(7, 6);
    const cap = Math.max(...epochs.map((epoch) => epoch.length)) * 2;
    const recorder = new StationRecorder('station-1', cap);
    const drafts = epochs
      .map((epoch, i) => recorder.record(epoch, framesOf(epoch), at('2026-11-24T13:00:00Z') + i * 1000))
      .filter((draft) => draft !== undefined);
    drafts.push(...[recorder.cut()].filter((draft) => draft !== undefined));
    expect(drafts.length).toBeGreaterThanOrEqual(3);
    for (const draft of drafts) expect(draft.bytes.length).toBeLessThanOrEqual(cap);
    expect(Buffer.concat(drafts.map((draft) => draft.bytes))).toEqual(Buffer.concat(epochs));
  });

  it('forgets a discarded segment', () => {
    const recorder = new StationRecorder('station-1');
    const [epoch] = rtcmSeconds(7, 1) as [Buffer];
    recorder.record(epoch, framesOf(epoch), Date.now());
    expect(recorder.bufferedBytes).toBe(epoch.length);
    recorder.discard();
    expect(recorder.startedAt).toBeUndefined();
    expect(recorder.cut()).toBeUndefined();
  });
});
