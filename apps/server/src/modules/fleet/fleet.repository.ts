import { type Database, type Owner, ownerWhere, schema } from '@fixpoint/db';
import { and, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { WindowRow } from '../accounts/status';

const a = schema.ntripAccounts;
const cs = schema.casterSessions;
const st = schema.stations;
const ss = schema.stationStates;

/** How far back an account's sessions count, and how many of its newest at most. */
export const FLEET_WINDOW_DAYS = 7;
export const SESSIONS_PER_ACCOUNT = 20;
/** A fleet answer covers at most this many accounts (the newest sessions' accounts first). */
export const MAX_FLEET_ACCOUNTS = 5_000;

export type FleetAccountRow = Awaited<ReturnType<ReturnType<typeof createFleetRepository>['accounts']>>[number];
export type FleetSessionRow = Awaited<ReturnType<ReturnType<typeof createFleetRepository>['sessions']>>[number];

/** Which accounts a fleet answer covers: an owner's, one account of an owner's, or those a station served. */
export type FleetScope = { owner: Owner; accountId?: string } | { stationId: string } | { all: true };

export function createFleetRepository(db: Database) {
  return {
    /** The accounts in scope with their access windows (times in epoch milliseconds) and refused logins of a day. */
    async accounts(scope: FleetScope, now: Date) {
      const dayAgo = new Date(now.getTime() - 86_400_000);
      let where: SQL | undefined;
      if ('owner' in scope) {
        where = and(ownerWhere(a, scope.owner), scope.accountId ? eq(a.id, scope.accountId) : undefined);
      } else {
        // A station's rovers, or (the admin's whole fleet) every account with a recent session.
        const station = 'stationId' in scope ? eq(cs.stationId, scope.stationId) : undefined;
        where = inArray(
          a.id,
          db
            .selectDistinct({ id: cs.accountId })
            .from(cs)
            .where(and(station, recent(now))),
        );
      }
      return db
        .select({
          id: a.id,
          name: a.name,
          username: a.username,
          // Written out with table names: drizzle leaves a one-table select's columns unqualified, and the
          // subqueries' own columns (id, name) would shadow the account's.
          windows: sql<WindowRow[]>`coalesce((
            select json_agg(json_build_object(
              'networkId', n.id, 'networkName', n.name, 'networkCode', n.code,
              'startsAt', (extract(epoch from w.starts_at) * 1000)::bigint,
              'endsAt', (extract(epoch from w.ends_at) * 1000)::bigint,
              'pendingDays', w.pending_days))
            from access_windows w inner join networks n on n.id = w.network_id
            where w.account_id = ntrip_accounts.id), '[]'::json)`,
          failures: sql<{ at: string }[]>`coalesce((
            select json_agg(json_build_object('at', f.at))
            from login_failures f
            where f.account_id = ntrip_accounts.id and f.at > ${dayAgo.toISOString()}::timestamptz), '[]'::json)`,
        })
        .from(a)
        .where(where)
        .orderBy(a.createdAt)
        .limit(MAX_FLEET_ACCOUNTS);
    },

    /** The recent sessions of these accounts (the newest SESSIONS_PER_ACCOUNT each), with the serving base's state. */
    async sessions(accountIds: string[], now: Date, stationId?: string) {
      if (accountIds.length === 0) return [];
      const ranked = db
        .select({
          accountId: cs.accountId,
          mountpoint: cs.mountpoint,
          stationId: cs.stationId,
          startedAt: cs.startedAt,
          endedAt: cs.endedAt,
          bytesSent: cs.bytesSent,
          ggaCount: cs.ggaCount,
          lastGgaAt: cs.lastGgaAt,
          lastLatitude: cs.lastLatitude,
          lastLongitude: cs.lastLongitude,
          distanceToBaseM: cs.distanceToBaseM,
          ggaStats: cs.ggaStats,
          rank: sql<number>`row_number() over (partition by ${cs.accountId} order by ${cs.startedAt} desc)`.as('rank'),
        })
        .from(cs)
        .where(and(inArray(cs.accountId, accountIds), recent(now), stationId ? eq(cs.stationId, stationId) : undefined))
        .as('ranked');
      return db
        .select({
          accountId: ranked.accountId,
          mountpoint: ranked.mountpoint,
          stationId: ranked.stationId,
          stationMountpoint: st.mountpoint,
          stationConnected: ss.isConnected,
          stationLastDataAt: ss.lastDataAt,
          startedAt: ranked.startedAt,
          endedAt: ranked.endedAt,
          bytesSent: ranked.bytesSent,
          ggaCount: ranked.ggaCount,
          lastGgaAt: ranked.lastGgaAt,
          lastLatitude: ranked.lastLatitude,
          lastLongitude: ranked.lastLongitude,
          distanceToBaseM: ranked.distanceToBaseM,
          ggaStats: ranked.ggaStats,
        })
        .from(ranked)
        .leftJoin(st, eq(st.id, ranked.stationId))
        .leftJoin(ss, eq(ss.stationId, ranked.stationId))
        .where(lte(ranked.rank, SESSIONS_PER_ACCOUNT))
        .orderBy(desc(ranked.startedAt));
    },
  };
}

/** Sessions still open, or started within the window. */
const recent = (now: Date) =>
  or(isNull(cs.endedAt), gt(cs.startedAt, new Date(now.getTime() - FLEET_WINDOW_DAYS * 86_400_000)));

export type FleetRepository = ReturnType<typeof createFleetRepository>;
