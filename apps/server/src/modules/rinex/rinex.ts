import type { ArchiveStore } from '@fixpoint/caster';
import type { Database } from '@fixpoint/db';
import type { FastifyBaseLogger } from 'fastify';
import type { JobLock } from '../../lib/job-lock';
import type { CreditsRepository } from '../credits/credits.repository';
import { createAdminArchiveService } from './admin-archive';
import { createRinexRepository } from './rinex.repository';
import { createRinexService } from './rinex.service';
import { createRinexWorker, type RinexWorker } from './rinex.worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** Converts queued RINEX jobs; main.ts starts it, tests drive it with runOnce. */
    rinexWorker: RinexWorker;
  }
}

/** RINEX on demand: the service the routes call and the worker that makes the files, sharing one repository. */
export function createRinex(deps: {
  db: Database;
  store: ArchiveStore;
  creditsRepository: CreditsRepository;
  logger: FastifyBaseLogger;
  brandName: string;
  exclusive?: JobLock;
}) {
  const repository = createRinexRepository(deps.db);
  return {
    service: createRinexService({ ...deps, repository }),
    worker: createRinexWorker({ ...deps, repository }),
    adminArchiveService: createAdminArchiveService(deps),
  };
}
