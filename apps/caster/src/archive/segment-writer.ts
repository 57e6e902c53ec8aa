import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { type Database, schema } from '@fixpoint/db';
import { observationEpochSpan } from '@fixpoint/rtcm';
import type { CasterLogger } from '../logger';
import type { ArchiveStore } from './archive-store';
import type { SegmentDraft } from './station-recorder';

const gzipAsync = promisify(gzip);

/** `stations/<stationId>/2026/11/24/13/<ms>.rtcm.gz`: by station, then the UTC hour the segment lies in. */
export function segmentKey(stationId: string, startedAt: number, nameMs = startedAt): string {
  const date = new Date(startedAt).toISOString();
  const [day, time] = date.split('T') as [string, string];
  return `stations/${stationId}/${day.replaceAll('-', '/')}/${time.slice(0, 2)}/${nameMs}.rtcm.gz`;
}

/** What is safe to log of an error: SDK errors carry request and response details we do not want in logs. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}`.slice(0, 300);
}

interface Job {
  key: string;
  networkId: string;
  segment: Omit<SegmentDraft, 'bytes'>;
  rawBytes: number;
  /** The frames until gzipped, then the object; dropped once stored. */
  raw: Buffer | undefined;
  stored: Uint8Array | undefined;
  storedBytes: number;
  /** The span of the observation epochs in the frames (Unix ms), read before they are gzipped. */
  epochSpan: { first: number; last: number } | null;
  isPut: boolean;
  attempts: number;
  /** After a failure: not tried again before this (one flush interval later). */
  retryAt: number;
}

export interface SegmentWriterDependencies {
  db: Database;
  store: ArchiveStore;
  logger: CasterLogger;
  /** A failed segment is tried again this long after its failure (the recorder's flush interval). */
  retryAfterMs: number;
  /** Segments gzipped and stored at once: a burst (every station at the hour) must not flood S3 or the pool. */
  concurrency?: number;
  now?: () => number;
}

/**
 * Writes segments off the fan-out path: gzip (libuv's thread pool), put, then the row. A segment that fails is
 * kept and tried once more on the next `retryFailed` (the next flush), from the step that failed, under the same
 * key, and the row is inserted with ON CONFLICT DO NOTHING, so a retry never stores the data twice.
 */
export function createSegmentWriter({
  db,
  store,
  logger,
  retryAfterMs,
  concurrency = 4,
  now = Date.now,
}: SegmentWriterDependencies) {
  const queue: Job[] = [];
  let failed: Job[] = [];
  let running = 0;
  let idle: (() => void)[] = [];
  /** Keys stay unique even when two segments of a station start in the same millisecond (a cut at the cap). */
  const lastNameMs = new Map<string, number>();

  const keyFor = (stationId: string, startedAt: number) => {
    const last = lastNameMs.get(stationId);
    const nameMs = last !== undefined && startedAt <= last ? last + 1 : startedAt;
    lastNameMs.set(stationId, nameMs);
    return segmentKey(stationId, startedAt, nameMs);
  };

  const attempt = async (job: Job) => {
    if (!job.isPut) {
      if (job.raw) job.epochSpan = observationEpochSpan(job.raw, job.segment.startedAt);
      job.stored ??= await gzipAsync(job.raw as Buffer);
      job.storedBytes = job.stored.length;
      job.raw = undefined;
      await store.put(job.key, job.stored);
      job.isPut = true;
      job.stored = undefined;
    }
    const { segment } = job;
    await db
      .insert(schema.archiveSegments)
      .values({
        stationId: segment.stationId,
        networkId: job.networkId,
        objectKey: job.key,
        startedAt: new Date(segment.startedAt),
        endedAt: new Date(segment.endedAt),
        frames: segment.frames,
        rawBytes: job.rawBytes,
        storedBytes: job.storedBytes,
        messageTypes: segment.messageTypes,
        firstEpochAt: job.epochSpan ? new Date(job.epochSpan.first) : null,
        lastEpochAt: job.epochSpan ? new Date(job.epochSpan.last) : null,
      })
      .onConflictDoNothing({ target: schema.archiveSegments.objectKey });
  };

  const run = async (job: Job) => {
    try {
      await attempt(job);
    } catch (error) {
      job.attempts++;
      const context = { stationId: job.segment.stationId, key: job.key, step: job.isPut ? 'insert' : 'put' };
      if (job.attempts < 2) {
        logger.warn({ ...context, error: describeError(error) }, 'archive: segment write failed, retrying later');
        job.retryAt = now() + retryAfterMs;
        failed.push(job);
        return;
      }
      logger.error({ ...context, error: describeError(error) }, 'archive: segment lost');
      // An object without its row would never be swept.
      if (job.isPut) await store.delete([job.key]).catch(() => undefined);
    }
  };

  const pump = () => {
    while (running < concurrency && queue.length > 0) {
      const job = queue.shift() as Job;
      running++;
      void run(job).finally(() => {
        running--;
        pump();
      });
    }
    if (running === 0 && queue.length === 0) {
      const waiting = idle;
      idle = [];
      for (const resolve of waiting) resolve();
    }
  };

  return {
    write(draft: SegmentDraft, networkId: string): void {
      const { bytes, ...segment } = draft;
      queue.push({
        key: keyFor(draft.stationId, draft.startedAt),
        networkId,
        segment,
        rawBytes: bytes.length,
        raw: bytes,
        stored: undefined,
        storedBytes: 0,
        epochSpan: null,
        isPut: false,
        attempts: 0,
        retryAt: 0,
      });
      pump();
    },

    /** Queues the segments that failed once for their second and last try: those due, or all (shutdown). */
    retryFailed(isForced = false): void {
      if (failed.length === 0) return;
      const at = now();
      const due = isForced ? failed : failed.filter((job) => job.retryAt <= at);
      if (due.length === 0) return;
      failed = isForced ? [] : failed.filter((job) => job.retryAt > at);
      queue.push(...due);
      pump();
    },

    /** Resolves once nothing is queued or being written. */
    drain(): Promise<void> {
      if (running === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },

    get pendingRetries(): number {
      return failed.length;
    },
  };
}

export type SegmentWriter = ReturnType<typeof createSegmentWriter>;
