import type { Database } from '@fixpoint/db';
import type { CasterLogger } from '../logger';
import type { Catalog, CatalogStation, CatalogStore } from '../streams/catalog';
import { isRecorded, recordingTarget } from './archive-policy';
import type { ArchiveStore } from './archive-store';
import { createSegmentWriter, describeError } from './segment-writer';
import { DEFAULT_MAX_SEGMENT_BYTES, type FrameInfo, type SegmentDraft, StationRecorder } from './station-recorder';

/** Segments cut while a station's decision is still being read are held, at most this many. */
const MAX_HELD = 4;

/** One live source's recording, fed by the ingest path (streams/source-connection.ts). */
export interface StationRecording {
  /** Whole CRC-checked frames as published: `raw` is their bytes back to back. Copied; cheap and synchronous. */
  onFrames(raw: Uint8Array, frames: readonly FrameInfo[], arrivedAt: number): void;
  /** The source went: what is buffered is written. */
  close(): void;
}

export interface ArchiveRecorderDependencies {
  db: Database;
  store: ArchiveStore;
  logger: CasterLogger;
  /** Which stations are recorded is read from here (cached), at the start and at every flush. */
  catalog: Pick<CatalogStore, 'get'>;
  /** A segment is written once its first frame is this old (and at every UTC hour, and at disconnect). */
  flushMs: number;
  maxSegmentBytes?: number;
  concurrency?: number;
  /** The clock the flush schedule reads (tests); frames carry their own arrival time. */
  now?: () => number;
}

export interface ArchiveRecorder {
  /** A source of `station` went live: its recording, which records nothing unless the station's network says so. */
  open(station: CatalogStation): StationRecording;
  start(): void;
  /** Writes every buffered segment now and waits until all are stored (tests). */
  flush(): Promise<void>;
  /** Shutdown: ends every recording, writes what is buffered, tries failed segments once more, waits. */
  close(): Promise<void>;
}

type Decision = 'pending' | 'on' | 'off';

interface Live {
  station: CatalogStation;
  networkId: string;
  recorder: StationRecorder;
  decision: Decision;
  /** Segments cut before the decision came (the cap or an hour boundary within the first moments). */
  held: SegmentDraft[];
}

/**
 * Records live stations' RTCM into segments (decision 0044). The fan-out path only copies frames into the
 * station's buffer; cutting happens there (hour boundary, size cap) or on this recorder's timer, and gzip, put and
 * insert run in the segment writer, off the fan-out path. Whether a station is recorded is decided from the catalog
 * when its source comes, and again at each flush, so an admin's change of retention or `archiveRelayed` applies
 * within one flush interval.
 */
export function createArchiveRecorder(deps: ArchiveRecorderDependencies): ArchiveRecorder {
  const { logger, flushMs, now = Date.now } = deps;
  const maxSegmentBytes = deps.maxSegmentBytes ?? DEFAULT_MAX_SEGMENT_BYTES;
  const writer = createSegmentWriter({
    db: deps.db,
    store: deps.store,
    logger,
    retryAfterMs: flushMs,
    now,
    ...(deps.concurrency !== undefined && { concurrency: deps.concurrency }),
  });
  const live = new Set<Live>();
  const deciding = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let isFlushing = false;
  let isClosed = false;
  /** When every live station was last decided again, due or not (so a station turned on starts recording). */
  let reviewedAt = now();

  const emit = (entry: Live, draft: SegmentDraft | undefined) => {
    if (!draft) return;
    if (entry.decision === 'on') writer.write(draft, entry.networkId);
    else if (entry.decision === 'pending' && entry.held.push(draft) > MAX_HELD) entry.held.shift();
  };

  const apply = (entry: Live, catalog: Catalog) => {
    const target = recordingTarget(catalog, entry.station);
    if (target) entry.networkId = target.station.networkId;
    entry.decision = target && isRecorded(target.station, target.network) ? 'on' : 'off';
    if (entry.decision === 'off') entry.recorder.discard();
    for (const draft of entry.held.splice(0)) emit(entry, draft);
  };

  /** Reads the catalog (cached) and decides each entry; on a failed read the entries keep their decision. */
  const decide = (entries: Live[]): Promise<void> => {
    const work = deps.catalog.get().then(
      (catalog) => {
        for (const entry of entries) apply(entry, catalog);
      },
      (error: unknown) => logger.warn({ error: describeError(error) }, 'archive: reading the catalog failed'),
    );
    deciding.add(work);
    void work.finally(() => deciding.delete(work));
    return work;
  };

  const settle = async () => {
    while (deciding.size > 0) await Promise.allSettled([...deciding]);
  };

  /**
   * Every tick: segments whose first frame is flushMs old are decided again and written, failed ones retried; once
   * per flush interval every live station is decided again, so one not recorded so far starts when its network
   * turns recording on.
   */
  const tick = () => {
    writer.retryFailed();
    if (isFlushing) return;
    const at = now();
    const due = [...live].filter((entry) => {
      const startedAt = entry.recorder.startedAt;
      return entry.decision === 'pending' || (startedAt !== undefined && at - startedAt >= flushMs);
    });
    const isReview = at - reviewedAt >= flushMs;
    if (due.length === 0 && !isReview) return;
    if (isReview) reviewedAt = at;
    isFlushing = true;
    void decide(isReview ? [...live] : due)
      .then(() => {
        for (const entry of due) if (live.has(entry)) emit(entry, entry.recorder.cut());
      })
      .finally(() => {
        isFlushing = false;
      });
  };

  const end = (entry: Live) => {
    if (!live.delete(entry) || entry.decision === 'off') return;
    emit(entry, entry.recorder.cut());
    if (entry.decision === 'pending') void decide([entry]);
  };

  return {
    open(station) {
      const entry: Live = {
        station,
        networkId: station.networkId,
        recorder: new StationRecorder(station.id, maxSegmentBytes),
        decision: isClosed ? 'off' : 'pending',
        held: [],
      };
      if (!isClosed) {
        live.add(entry);
        void decide([entry]);
      }
      return {
        onFrames(raw, frames, arrivedAt) {
          if (entry.decision !== 'off') emit(entry, entry.recorder.record(raw, frames, arrivedAt));
        },
        close: () => end(entry),
      };
    },

    start() {
      timer = setInterval(tick, Math.min(1_000, Math.max(50, flushMs / 4)));
      timer.unref();
    },

    async flush() {
      // Segments that failed before this flush get their second try now; those failing now wait for the next.
      writer.retryFailed(true);
      await decide([...live].filter((entry) => entry.decision === 'pending'));
      for (const entry of live) emit(entry, entry.recorder.cut());
      await settle();
      await writer.drain();
    },

    async close() {
      isClosed = true;
      clearInterval(timer);
      for (const entry of [...live]) end(entry);
      await settle();
      await writer.drain();
      writer.retryFailed(true);
      await writer.drain();
    },
  };
}
