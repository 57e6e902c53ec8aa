import { randomUUID } from 'node:crypto';
import { type ArchiveStore, coverage as archiveCoverage } from '@fixpoint/caster';
import { type Database, isOrgOwner, isSameOwner, type Owner, ownerOfRow, schema } from '@fixpoint/db';
import {
  AppError,
  type ArchiveCoverage,
  type RinexJob,
  type RinexRequest,
  type RinexStation,
  rinexPrice,
} from '@fixpoint/shared';
import { and, eq, gt, max, min, or, type SQL } from 'drizzle-orm';
import type { CreditsRepository } from '../credits/credits.repository';
import { insufficientCredits } from '../credits/credits.service';
import { type RinexRepository, toRinexJob } from './rinex.repository';

const s = schema.stations;
const n = schema.networks;

const noSuchStation = () => new AppError('STATION_NOT_FOUND', 404, 'No such station with recorded data.');
const noSuchJob = () => new AppError('RINEX_NOT_FOUND', 404, 'No such RINEX file.');

/** Stations whose data this owner may buy: recorded networks that are published and public, or the organisation's own. */
function visibleTo(owner: Owner): SQL | undefined {
  const isPublic = and(eq(n.isPublished, true), eq(n.visibility, 'public'));
  return and(gt(n.archiveRetentionDays, 0), isOrgOwner(owner) ? or(isPublic, eq(n.ownerOrgId, owner.orgId)) : isPublic);
}

/**
 * RINEX on demand (decision 0045): what a customer may buy, its price, and the job that makes the file. Credits
 * move in the transaction that queues the job; the worker refunds them if the conversion fails.
 */
export function createRinexService({
  db,
  store,
  repository,
  creditsRepository,
  now = () => new Date(),
}: {
  db: Database;
  store: ArchiveStore;
  repository: RinexRepository;
  creditsRepository: CreditsRepository;
  now?: () => Date;
}) {
  async function station(owner: Owner, stationId: string) {
    const [row] = await db
      .select({
        id: s.id,
        mountpoint: s.mountpoint,
        networkId: n.id,
        networkName: n.name,
        hourlyPrice: n.rinexHourlyPrice,
        retentionDays: n.archiveRetentionDays,
      })
      .from(s)
      .innerJoin(n, eq(n.id, s.networkId))
      .where(and(eq(s.id, stationId), visibleTo(owner)));
    if (!row) throw noSuchStation();
    return row;
  }

  async function coverageOf(
    found: Awaited<ReturnType<typeof station>>,
    stationId: string,
    from: Date,
    to: Date,
  ): Promise<ArchiveCoverage> {
    const covered = await archiveCoverage(db, stationId, from, to);
    const coveredSeconds = Math.round(covered.coveredSeconds);
    return {
      stationId,
      mountpoint: found.mountpoint,
      from: from.toISOString(),
      to: to.toISOString(),
      hourlyPrice: found.hourlyPrice,
      coveredSeconds,
      credits: rinexPrice(coveredSeconds, found.hourlyPrice),
      intervals: covered.intervals.map((i) => ({ from: i.from.toISOString(), to: i.to.toISOString() })),
      hours: covered.byHour.map((h) => ({ hour: h.hour.toISOString(), seconds: Math.round(h.seconds) })),
    };
  }

  async function ownJob(owner: Owner, id: string) {
    const row = await repository.find(id);
    // Someone else's job answers exactly like a missing one.
    if (!row || !isSameOwner(ownerOfRow(row), owner)) throw noSuchJob();
    return row;
  }

  return {
    async stations(owner: Owner): Promise<RinexStation[]> {
      const a = schema.archiveSegments;
      const rows = await db
        .select({
          id: s.id,
          mountpoint: s.mountpoint,
          networkId: n.id,
          networkName: n.name,
          countryCode: s.countryCode,
          networkCountry: n.countryCode,
          latitude: s.latitude,
          longitude: s.longitude,
          hourlyPrice: n.rinexHourlyPrice,
          retentionDays: n.archiveRetentionDays,
          firstDataAt: min(a.startedAt),
          lastDataAt: max(a.endedAt),
        })
        .from(s)
        .innerJoin(n, eq(n.id, s.networkId))
        .innerJoin(a, eq(a.stationId, s.id))
        .where(visibleTo(owner))
        .groupBy(s.id, n.id)
        .orderBy(n.name, s.mountpoint);
      return rows.map(({ networkCountry, firstDataAt, lastDataAt, ...row }) => ({
        ...row,
        countryCode: row.countryCode ?? networkCountry,
        firstDataAt: firstDataAt ? new Date(firstDataAt).toISOString() : null,
        lastDataAt: lastDataAt ? new Date(lastDataAt).toISOString() : null,
      }));
    },

    coverage: async (owner: Owner, stationId: string, from: Date, to: Date) =>
      coverageOf(await station(owner, stationId), stationId, from, to),

    async create(owner: Owner, actorId: string, request: RinexRequest): Promise<RinexJob> {
      const from = new Date(request.from);
      const to = new Date(request.to);
      if (to.getTime() > now().getTime() + 60_000) {
        throw new AppError('VALIDATION_FAILED', 400, 'The window cannot end in the future.');
      }
      const found = await station(owner, request.stationId);
      const covered = await coverageOf(found, request.stationId, from, to);
      if (covered.coveredSeconds === 0) {
        throw new AppError('RINEX_NO_DATA', 422, 'No data was recorded at this station in this window.');
      }
      const id = randomUUID();
      const row = await db.transaction(async (tx) => {
        const job = await repository.insert(
          tx,
          {
            id,
            createdBy: actorId,
            stationId: found.id,
            networkId: found.networkId,
            mountpoint: found.mountpoint,
            fromAt: from,
            toAt: to,
            intervalSeconds: request.interval,
            systems: request.systems ?? '',
            coveredSeconds: covered.coveredSeconds,
            credits: covered.credits,
          },
          owner,
        );
        if (covered.credits > 0) {
          const spent = await creditsRepository.change(tx, owner, -covered.credits, {
            kind: 'spend',
            description: { code: 'rinexSpend', mountpoint: found.mountpoint, seconds: covered.coveredSeconds },
            networkId: found.networkId,
            externalRef: `rinex:${id}`,
            createdBy: actorId,
          });
          if (!spent) throw insufficientCredits(covered.credits, await creditsRepository.balance(owner, tx));
        }
        return job;
      });
      return toRinexJob({ ...row, networkName: found.networkName });
    },

    list: async (owner: Owner) => (await repository.list(owner)).map(toRinexJob),

    get: async (owner: Owner, id: string) => toRinexJob(await ownJob(owner, id)),

    async download(owner: Owner, id: string): Promise<{ name: string; bytes: Uint8Array }> {
      const job = await ownJob(owner, id);
      if (job.status !== 'done') throw new AppError('RINEX_NOT_READY', 409, 'This RINEX file is not ready yet.');
      if (!job.resultKey || !job.resultName || (job.expiresAt && job.expiresAt < now())) {
        throw new AppError('RINEX_EXPIRED', 410, 'This RINEX file has expired; request the window again.');
      }
      return { name: job.resultName, bytes: await store.get(job.resultKey) };
    },
  };
}

export type RinexService = ReturnType<typeof createRinexService>;
