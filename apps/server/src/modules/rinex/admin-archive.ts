import { type ArchiveStore, listSegments, readSegment } from '@fixpoint/caster';
import { type Database, schema } from '@fixpoint/db';
import { type AdminArchive, AppError, type ArchiveSettings } from '@fixpoint/shared';
import { eq, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit';

const a = schema.archiveSegments;
const n = schema.networks;
const s = schema.stations;

/** What admins see and set of the archive: storage per network and station, retention, price, raw downloads. */
export function createAdminArchiveService({ db, store }: { db: Database; store: ArchiveStore }) {
  return {
    async overview(now = new Date()): Promise<AdminArchive> {
      const dayAgo = new Date(now.getTime() - 86_400_000);
      const networks = await db.select().from(n).orderBy(n.name);
      const stations = await db
        .select({
          id: s.id,
          networkId: s.networkId,
          mountpoint: s.mountpoint,
          segments: sql<number>`count(${a.id})::int`,
          storedBytes: sql<number>`coalesce(sum(${a.storedBytes}), 0)::bigint`,
          rawBytes: sql<number>`coalesce(sum(${a.rawBytes}), 0)::bigint`,
          firstDataAt: sql<string | null>`min(${a.startedAt})`,
          lastDataAt: sql<string | null>`max(${a.endedAt})`,
          lastDaySeconds: sql<number>`coalesce(sum(extract(epoch from (${a.endedAt} - greatest(${a.startedAt}, ${dayAgo.toISOString()}::timestamptz))) + 1) filter (where ${a.endedAt} > ${dayAgo.toISOString()}::timestamptz), 0)::int`,
        })
        .from(s)
        .leftJoin(a, eq(a.stationId, s.id))
        .groupBy(s.id)
        .orderBy(s.mountpoint);
      const iso = (value: string | Date | null) => (value ? new Date(value).toISOString() : null);
      const result = networks.map((network) => {
        const own = stations
          .filter((station) => station.networkId === network.id)
          .map(({ networkId: _, ...station }) => ({
            ...station,
            storedBytes: Number(station.storedBytes),
            rawBytes: Number(station.rawBytes),
            firstDataAt: iso(station.firstDataAt),
            lastDataAt: iso(station.lastDataAt),
          }));
        return {
          id: network.id,
          code: network.code,
          name: network.name,
          kind: network.kind,
          retentionDays: network.archiveRetentionDays,
          hourlyPrice: network.rinexHourlyPrice,
          recordRelayed: network.archiveRelayed,
          storedBytes: own.reduce((sum, station) => sum + station.storedBytes, 0),
          stations: own,
        };
      });
      return { networks: result, storedBytes: result.reduce((sum, network) => sum + network.storedBytes, 0) };
    },

    /** A network's archive settings and their audit-log entry, in one transaction. */
    async updateSettings(networkId: string, settings: ArchiveSettings, actor: AuditActor): Promise<ArchiveSettings> {
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({
            name: n.name,
            retentionDays: n.archiveRetentionDays,
            hourlyPrice: n.rinexHourlyPrice,
            recordRelayed: n.archiveRelayed,
          })
          .from(n)
          .where(eq(n.id, networkId))
          .for('update');
        if (!before) throw new AppError('NETWORK_NOT_FOUND', 404, 'No such network.');
        await tx
          .update(n)
          .set({
            archiveRetentionDays: settings.retentionDays,
            rinexHourlyPrice: settings.hourlyPrice,
            archiveRelayed: settings.recordRelayed,
            updatedAt: new Date(),
          })
          .where(eq(n.id, networkId));
        const { name, ...previous } = before;
        await recordAudit(tx, {
          actor,
          kind: 'settings.archive',
          target: { kind: 'network', id: networkId, label: name },
          before: previous,
          after: settings,
        });
      });
      return settings;
    },

    /** The recorded frames of a window as one RTCM 3 stream, for support (whole segments overlapping it). */
    async raw(stationId: string, from: Date, to: Date): Promise<{ name: string; bytes: Buffer }> {
      const [station] = await db.select({ mountpoint: s.mountpoint }).from(s).where(eq(s.id, stationId));
      const segments = await listSegments(db, stationId, from, to);
      if (segments.length === 0)
        throw new AppError('RINEX_NO_DATA', 404, 'Nothing was recorded at this station in this window.');
      const pieces: Uint8Array[] = [];
      for (const segment of segments) pieces.push(await readSegment(store, segment.objectKey));
      const stamp = from.toISOString().slice(0, 16).replace(/[-:]/g, '');
      return { name: `${station?.mountpoint ?? stationId}_${stamp}.rtcm3`, bytes: Buffer.concat(pieces) };
    },
  };
}

export type AdminArchiveService = ReturnType<typeof createAdminArchiveService>;
