import { type Database, schema } from '@fixpoint/db';
import { greatCircleDistance } from '@fixpoint/rtcm';
import { AppError, type FeedNetwork, type FeedNetworkSummary, type FeedStation } from '@fixpoint/shared';
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { isLiveState } from '../networks/station-status';

type StateRow = typeof schema.stationStates.$inferSelect;

/** Outage history shown per station. */
export const EVENTS_PER_STATION = 20;

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

function isLive(state: StateRow | null | undefined, now: number) {
  // A state the caster has not refreshed lately is from a caster that is gone: not connected (station-status).
  return isLiveState(state ?? null, now);
}

function messageTypes(raw: unknown): FeedStation['messageTypes'] {
  if (!raw || typeof raw !== 'object') return [];
  return Object.entries(raw as Record<string, { count?: unknown; ratePerMinute?: unknown }>)
    .map(([type, stats]) => ({
      type: Number(type),
      count: typeof stats?.count === 'number' ? Math.round(stats.count) : 0,
      ratePerMinute: typeof stats?.ratePerMinute === 'number' ? stats.ratePerMinute : 0,
    }))
    .filter((entry) => Number.isInteger(entry.type))
    .sort((a, b) => a.type - b.type);
}

/**
 * An upstream error is current only until the station connects again (issue 16): a relay that recovered and later
 * let its idle mount go is not failing, so its old error is history.
 */
export function isErrorCurrent(lastErrorAt: Date | null | undefined, lastConnectedAt: Date | null | undefined) {
  return Boolean(lastErrorAt) && !(lastConnectedAt && lastConnectedAt >= (lastErrorAt as Date));
}

/** The live state of every network and of each station, read from what the caster writes. */
export function createAdminFeedService({ db, now = () => Date.now() }: { db: Database; now?: () => number }) {
  const { networks: net, stations: st, stationStates: states, casterSessions: sessions } = schema;

  /** When each station last connected (its newest `connected` event). */
  async function lastConnections(stationIds: string[]) {
    if (stationIds.length === 0) return new Map<string, Date>();
    const ev = schema.stationEvents;
    const rows = await db
      .select({ stationId: ev.stationId, at: sql<Date>`max(${ev.at})`.mapWith(ev.at) })
      .from(ev)
      .where(and(inArray(ev.stationId, stationIds), eq(ev.kind, 'connected')))
      .groupBy(ev.stationId);
    return new Map(rows.map((row) => [row.stationId, row.at]));
  }

  async function summaries(networkId?: string): Promise<FeedNetworkSummary[]> {
    const networks = await db
      .select()
      .from(net)
      .where(networkId ? eq(net.id, networkId) : undefined)
      .orderBy(asc(net.name));
    if (networks.length === 0) return [];
    const ids = networks.map((row) => row.id);
    const stationRows = await db
      .select({ networkId: st.networkId, stationId: st.id, state: states })
      .from(st)
      .leftJoin(states, eq(states.stationId, st.id))
      .where(inArray(st.networkId, ids));
    const connectedAt = await lastConnections(
      stationRows.filter((row) => row.state?.lastErrorAt).map((row) => row.stationId),
    );
    const open = await db
      .select({ networkId: sessions.networkId })
      .from(sessions)
      .where(and(isNull(sessions.endedAt), inArray(sessions.networkId, ids)));
    const at = now();
    return networks.map((network) => {
      const mine = stationRows.filter((row) => row.networkId === network.id);
      const live = mine.filter((row) => isLive(row.state, at));
      const lastData = mine
        .map((row) => row.state?.lastDataAt?.getTime() ?? 0)
        .reduce((latest, value) => Math.max(latest, value), 0);
      return {
        networkId: network.id,
        code: network.code,
        name: network.name,
        kind: network.kind,
        isPublished: network.isPublished,
        stationCount: mine.length,
        connectedCount: live.length,
        roverCount: open.filter((row) => row.networkId === network.id).length,
        bitrate: live.reduce((sum, row) => sum + (row.state?.bitrate ?? 0), 0),
        lastDataAt: lastData > 0 ? new Date(lastData).toISOString() : null,
        errorCount: mine.filter((row) => isErrorCurrent(row.state?.lastErrorAt, connectedAt.get(row.stationId))).length,
      };
    });
  }

  return {
    list: () => summaries(),

    async network(networkId: string): Promise<FeedNetwork> {
      const [summary] = await summaries(networkId);
      if (!summary) throw AppError.notFound('There is no such network.');
      const rows = await db
        .select({ station: st, state: states })
        .from(st)
        .leftJoin(states, eq(states.stationId, st.id))
        .where(eq(st.networkId, networkId))
        .orderBy(asc(st.mountpoint));
      const stationIds = rows.map((row) => row.station.id);
      const rovers =
        stationIds.length === 0
          ? []
          : await db
              .select({ session: sessions, username: schema.ntripAccounts.username })
              .from(sessions)
              .innerJoin(schema.ntripAccounts, eq(schema.ntripAccounts.id, sessions.accountId))
              .where(and(isNull(sessions.endedAt), inArray(sessions.stationId, stationIds)))
              .orderBy(desc(sessions.startedAt));
      // The newest events of each station (a flapping one must not push the others' history out).
      const ev = schema.stationEvents;
      const ranked = db
        .select({
          stationId: ev.stationId,
          kind: ev.kind,
          reason: ev.reason,
          at: ev.at,
          rank: sql<number>`row_number() over (partition by ${ev.stationId} order by ${ev.at} desc)`.as('rank'),
        })
        .from(ev)
        .where(inArray(ev.stationId, stationIds))
        .as('ranked');
      const events =
        stationIds.length === 0
          ? []
          : await db.select().from(ranked).where(lte(ranked.rank, EVENTS_PER_STATION)).orderBy(desc(ranked.at));
      const at = now();
      const connectedAt = await lastConnections(stationIds);

      const stations = rows.map(({ station, state }): FeedStation => {
        const live = isLive(state, at);
        const decoded =
          state?.decodedLatitude != null && state.decodedLongitude != null
            ? { latitude: state.decodedLatitude, longitude: state.decodedLongitude, height: state.decodedHeight }
            : null;
        // The caster copies the first decoded position into an empty station position: that one was not entered.
        const entered =
          station.latitude !== null && station.longitude !== null && station.positionSource === 'entered'
            ? { latitude: station.latitude, longitude: station.longitude, height: station.height }
            : null;
        const mine = events.filter((event) => event.stationId === station.id);
        // Down since its last disconnect; a station whose last event is a connect has a caster that died: down
        // since that caster last refreshed the state. No events: it never connected (a relay station's state may
        // hold only an upstream error).
        const latest = mine[0];
        const downSince =
          latest?.kind === 'disconnected' ? latest.at : latest?.kind === 'connected' ? state?.updatedAt : undefined;
        return {
          id: station.id,
          mountpoint: station.mountpoint,
          identifier: station.identifier,
          isEnabled: station.isEnabled,
          isConnected: live,
          connectedSince: live ? iso(state?.connectedSince) : null,
          disconnectedAt: live ? null : iso(downSince),
          lastDataAt: iso(state?.lastDataAt),
          bitrate: live ? (state?.bitrate ?? 0) : 0,
          // Counts of the last connection stay; its rates are not current once the station is down.
          messageTypes: messageTypes(state?.messageTypes).map((entry) =>
            live ? entry : { ...entry, ratePerMinute: 0 },
          ),
          enteredPosition: entered,
          decodedPosition: decoded,
          positionOffsetM: entered && decoded ? Math.round(greatCircleDistance(entered, decoded) * 100) / 100 : null,
          sourceAddress: state?.sourceAddress ?? null,
          sourceAgent: state?.sourceAgent ?? null,
          lastError: state?.lastError ?? null,
          lastErrorAt: iso(state?.lastErrorAt),
          errorIsCurrent: isErrorCurrent(state?.lastErrorAt, connectedAt.get(station.id)),
          rovers: rovers
            .filter((row) => row.session.stationId === station.id)
            .map(({ session, username }) => ({
              sessionId: session.id,
              username,
              clientAddress: session.clientAddress,
              userAgent: session.userAgent,
              startedAt: session.startedAt.toISOString(),
              bytesSent: session.bytesSent,
              lastPosition:
                session.lastLatitude !== null && session.lastLongitude !== null
                  ? { latitude: session.lastLatitude, longitude: session.lastLongitude }
                  : null,
              distanceToBaseM: session.distanceToBaseM,
            })),
          events: mine.map((event) => ({ kind: event.kind, reason: event.reason, at: event.at.toISOString() })),
          updatedAt: iso(state?.updatedAt),
        };
      });
      return { network: summary, stations, generatedAt: new Date(at).toISOString() };
    },
  };
}

export type AdminFeedService = ReturnType<typeof createAdminFeedService>;
