import { type ArchiveStore, listSegments } from '@fixpoint/caster';
import { type Database, ownerOfRow, schema } from '@fixpoint/db';
import { unixToGps } from '@fixpoint/rtcm';
import { RINEX_DOWNLOAD_DAYS, type RinexFailure } from '@fixpoint/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type JobLock, runAlone } from '../../lib/job-lock';
import type { CreditsRepository } from '../credits/credits.repository';
import type { RinexJobRow, RinexRepository } from './rinex.repository';
import { ConversionError, makeRinexFile } from './rinex-file';

const DAY_MS = 86_400_000;
/** Progress is written at most this often; it doubles as the job's heartbeat. */
const PROGRESS_WRITE_MS = 1_000;

export interface RinexWorkerOptions {
  db: Database;
  store: ArchiveStore;
  repository: RinexRepository;
  creditsRepository: CreditsRepository;
  logger: FastifyBaseLogger;
  /** Written in the files' PGM / RUN BY / DATE and OBSERVER / AGENCY. */
  brandName: string;
  pollMs?: number;
  now?: () => Date;
  /** The hourly cleanup of expired files runs in one process at a time (docs/decisions/0084). */
  exclusive?: JobLock;
}

/**
 * Converts queued RINEX jobs one at a time in this process. Conversion is CPU work on the event loop, cut into
 * slices by the archive reads (one segment, about a minute of data, at a time), so the API and an in-process caster
 * stay responsive (decision 0045). A job left running by a process that died is picked up again once its heartbeat
 * is stale; its credits were spent once, when it was queued.
 */
export function createRinexWorker(options: RinexWorkerOptions) {
  const { repository, logger } = options;
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> | undefined;
  let isStopped = false;
  let lastCleanup = 0;

  async function runOnce(): Promise<boolean> {
    if (now().getTime() - lastCleanup > 3_600_000) {
      lastCleanup = now().getTime();
      await (options.exclusive ?? runAlone)('rinex-cleanup', () => removeExpiredFiles(options, now()));
    }
    const job = await repository.claim(now());
    if (!job) return false;
    try {
      const result = await convertJob(options, job);
      await repository.finish(job.id, {
        ...result,
        expiresAt: new Date(now().getTime() + RINEX_DOWNLOAD_DAYS * DAY_MS),
      });
      logger.info({ jobId: job.id, epochs: result.epochs, bytes: result.resultBytes }, 'RINEX file ready');
    } catch (error) {
      const reason: RinexFailure = error instanceof ConversionError ? error.code : 'failed';
      if (!(error instanceof ConversionError)) logger.error({ err: error, jobId: job.id }, 'RINEX conversion failed');
      await failAndRefund(options, job, reason);
    }
    return true;
  }

  const tick = () => {
    if (isStopped) return;
    running = runOnce()
      .catch((error) => {
        logger.error({ err: error }, 'RINEX worker');
        return false;
      })
      .then((didWork) => {
        if (!isStopped) timer = setTimeout(tick, didWork ? 0 : (options.pollMs ?? 1_000));
        return didWork;
      });
  };

  return {
    runOnce,
    start() {
      isStopped = false;
      tick();
    },
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type RinexWorker = ReturnType<typeof createRinexWorker>;

async function convertJob(options: RinexWorkerOptions, job: RinexJobRow) {
  const { db, store, repository } = options;
  const segments = job.stationId ? await listSegments(db, job.stationId, job.fromAt, job.toAt) : [];
  if (segments.length === 0) throw new ConversionError('noRecording');
  const [place] = job.stationId
    ? await db
        .select({
          station: schema.stations.countryCode,
          network: schema.networks.countryCode,
          name: schema.networks.name,
        })
        .from(schema.stations)
        .innerJoin(schema.networks, eq(schema.networks.id, schema.stations.networkId))
        .where(eq(schema.stations.id, job.stationId))
    : [];

  const nameParts = {
    station: job.mountpoint,
    country: place?.station ?? place?.network ?? '',
    start: unixToGps(job.fromAt.getTime()),
    periodSeconds: Math.round((job.toAt.getTime() - job.fromAt.getTime()) / 1000),
    intervalSeconds: job.intervalSeconds,
  };
  let lastWrite = 0;
  const resultKey = `rinex/${job.id}.zip`;
  const file = await makeRinexFile({
    store,
    segments,
    nameParts,
    resultKey,
    conversion: {
      referenceTime: job.fromAt.getTime(),
      from: job.fromAt.getTime(),
      to: job.toAt.getTime(),
      intervalSeconds: job.intervalSeconds,
      systems: job.systems,
      markerName: job.mountpoint,
      program: 'Fixpoint',
      runBy: options.brandName,
      agency: options.brandName,
      comments: [
        `Converted from the RTCM 3 stream of mountpoint ${job.mountpoint}`.slice(0, 60),
        ...(place?.name ? [`Network ${place.name}`.slice(0, 60)] : []),
      ],
      onProgress: (fraction) => {
        const at = Date.now();
        if (at - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = at;
        void repository.progress(job.id, Math.min(99, Math.round(fraction * 100)));
      },
    },
  });
  return { resultKey, ...file };
}

/** Marks the job failed and gives its credits back, once: only a job still running is failed. */
async function failAndRefund(options: RinexWorkerOptions, job: RinexJobRow, reason: RinexFailure): Promise<void> {
  const j = schema.rinexJobs;
  await options.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(j)
      .set({ status: 'failed', error: reason, finishedAt: new Date() })
      .where(and(eq(j.id, job.id), eq(j.status, 'running')))
      .returning({ id: j.id });
    if (!failed || job.credits === 0) return;
    await options.creditsRepository.change(tx, ownerOfRow(job), job.credits, {
      kind: 'refund',
      description: { code: 'rinexRefund', mountpoint: job.mountpoint },
      externalRef: `rinex-refund:${job.id}`,
      ...(job.networkId && { networkId: job.networkId }),
    });
  });
}

async function removeExpiredFiles(options: RinexWorkerOptions, at: Date): Promise<void> {
  const expired = await options.repository.expired(at);
  for (const { id, resultKey } of expired) {
    if (resultKey) await options.store.delete([resultKey]);
    await options.repository.clearResult(id);
  }
}
