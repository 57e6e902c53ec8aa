import { describe, expect, it } from 'vitest';
import { type RinexJobRow, toRinexJob } from './rinex.repository';

const row = (error: string | null) =>
  ({
    id: 'j1',
    stationId: null,
    mountpoint: 'DEMO1',
    fromAt: new Date(0),
    toAt: new Date(3_600_000),
    intervalSeconds: 1,
    systems: '',
    status: 'failed',
    progress: 0,
    coveredSeconds: 3600,
    credits: 3,
    error,
    resultName: null,
    resultBytes: null,
    epochs: null,
    expiresAt: null,
    createdAt: new Date(0),
    finishedAt: null,
  }) as unknown as RinexJobRow;

describe('a failed RINEX job', () => {
  it('says why as a code the web words in the reader’s language (decision 0049)', () => {
    expect(toRinexJob(row('noObservations')).error).toBe('noObservations');
    expect(toRinexJob(row(null)).error).toBeNull();
  });

  it('reads the English sentences of jobs that failed before codes into their codes', () => {
    expect(toRinexJob(row('The recorded data of this window are no longer available.')).error).toBe('noRecording');
    expect(toRinexJob(row('The recorded data of this window hold no observations RINEX can carry.')).error).toBe(
      'noObservations',
    );
    expect(toRinexJob(row('The conversion failed; your credits were refunded.')).error).toBe('failed');
  });
});
