import type { Database } from '@fixpoint/db';
import type { CasterLogger } from '../logger';
import type { CatalogStore } from '../streams/catalog';
import { type ArchiveRecorder, createArchiveRecorder } from './archive-recorder';
import type { ArchiveStore } from './archive-store';
import { type SweepSchedule, scheduleArchiveSweeps } from './sweeper';

/** CasterOptions.archive: recording on, where to, and how often segments are written. */
export interface ArchiveOptions {
  store: ArchiveStore;
  flushMs: number;
}

/**
 * What the caster runs for RINEX on demand (decision 0044): the recorder its sources feed, and the hourly sweep of
 * expired and orphaned segments. Kept here so createCaster only starts and closes it.
 */
export function createCasterArchive({
  db,
  catalog,
  logger,
  options,
}: {
  db: Database;
  catalog: CatalogStore;
  logger: CasterLogger;
  options: ArchiveOptions;
}) {
  const recorder: ArchiveRecorder = createArchiveRecorder({
    db,
    store: options.store,
    logger,
    catalog,
    flushMs: options.flushMs,
  });
  let sweeps: SweepSchedule | undefined;
  return {
    recorder,
    start(): void {
      recorder.start();
      sweeps = scheduleArchiveSweeps({ db, store: options.store, logger });
      logger.info({ store: options.store.describe(), flushSeconds: options.flushMs / 1000 }, 'archive: recording');
    },
    /** Before the database closes: buffered segments are written. */
    async close(): Promise<void> {
      await sweeps?.stop();
      await recorder.close();
    },
  };
}
