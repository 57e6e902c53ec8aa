import { type Database, schema } from '@fixpoint/db';
import { greatCircleDistance } from '@fixpoint/rtcm';
import { AppError, type FeedNetwork, type FeedNetworkSummary, type FeedStation } from '@fixpoint/shared';
import { and, asc, count, desc, eq, getTableName, inArray, isNull, sql } from 'drizzle-orm';
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

type Network = typeof schema.networks.$inferSelect;
type StationState = { stationId: string; state: StateRow | null };

/**
 * A station's newest events, newest first, as the feed shows them (`at` as `toISOString` writes it, UTC with
 * milliseconds), aggregated by the database into one JSON list.
 */
function recentEvents() {
  const ev = schema.stationEvents;
  // Written out in full: drizzle leaves columns unqualified in a query of one table, and here the inner query's
  // table has an `id` too.
  const stationId = sql`${sql.identifier(getTableName(schema.stations))}.${sql.identifier(schema.stations.id.name)}`;
  return sql<FeedStation['events']>`coalesce((
    select json_agg(json_build_object(
      'kind', recent.kind, 'reason', recent.reason,
      'at', to_char(recent.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by recent.at desc)
    from (select ${ev.kind} as kind, ${ev.reason} as reason, ${ev.at} as at from ${ev}
      where ${ev.stationId} = ${stationId} order by ${ev.at} desc limit ${EVENTS_PER_STATION}) as recent), '[]'::json)`;
}

/** A map of lists by key, for joining rows in memory in one pass. */
function groupBy<Row, Key>(rows: Row[], keyOf: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

function summarize(
  network: Network,
  stations: StationState[],
  roverCount: number,
  connectedAt: Map<string, Date>,
  at: number,
): FeedNetworkSummary {
  const live = stations.filter((row) => isLive(row.state, at));
  const lastData = stations
    .map((row) => row.state?.lastDataAt?.getTime() ?? 0)
    .reduce((latest, value) => Math.max(latest, value), 0);
  return {
    networkId: network.id,
    code: network.code,
    name: network.name,
    kind: network.kind,
    isPublished: network.isPublished,
    stationCount: stations.length,
    connectedCount: live.length,
    roverCount,
    bitrate: live.reduce((sum, row) => sum + (row.state?.bitrate ?? 0), 0),
    lastDataAt: lastData > 0 ? new Date(lastData).toISOString() : null,
    errorCount: stations.filter((row) => isErrorCurrent(row.state?.lastErrorAt, connectedAt.get(row.stationId))).length,
  };
}

/**
 * The live state of every network and of each station, read from what the caster writes. Every read is bounded by
 * what is shown (the newest events of each station, the open sessions), not by the history kept, and the reads of
 * one answer run side by side.
 */
export function createAdminFeedService({ db, now = () => Date.now() }: { db: Database; now?: () => number }) {
  const { networks: net, stations: st, stationStates: states, casterSessions: sessions } = schema;
  const ev = schema.stationEvents;

  /** When each station last connected: its newest `connected` event, one index lookup per station. */
  async function lastConnections(stationIds: string[]) {
    if (stationIds.length === 0) return new Map<string, Date>();
    const latest = db
      .select({ at: ev.at })
      .from(ev)
      .where(and(eq(ev.stationId, st.id), eq(ev.kind, 'connected')))
      .orderBy(desc(ev.at))
      .limit(1)
      .as('latest');
    const rows = await db
      .select({ stationId: st.id, at: latest.at })
      .from(st)
      .crossJoinLateral(latest)
      .where(inArray(st.id, stationIds));
    return new Map(rows.map((row) => [row.stationId, row.at]));
  }

  async function summaries(): Promise<FeedNetworkSummary[]> {
    const [networks, stationRows, open] = await Promise.all([
      db.select().from(net).orderBy(asc(net.name)),
      db
        .select({ networkId: st.networkId, stationId: st.id, state: states })
        .from(st)
        .leftJoin(states, eq(states.stationId, st.id)),
      db
        .select({ networkId: sessions.networkId, count: count() })
        .from(sessions)
        .where(isNull(sessions.endedAt))
        .groupBy(sessions.networkId),
    ]);
    const connectedAt = await lastConnections(
      stationRows.filter((row) => row.state?.lastErrorAt).map((row) => row.stationId),
    );
    const byNetwork = groupBy(stationRows, (row) => row.networkId);
    const rovers = new Map(open.map((row) => [row.networkId, row.count]));
    const at = now();
    return networks.map((network) =>
      summarize(network, byNetwork.get(network.id) ?? [], rovers.get(network.id) ?? 0, connectedAt, at),
    );
  }

  return {
    list: () => summaries(),

    async network(networkId: string): Promise<FeedNetwork> {
      const [[network], rows, rovers, eventRows, [open]] = await Promise.all([
        db.select().from(net).where(eq(net.id, networkId)),
        db
          .select({ station: st, state: states })
          .from(st)
          .leftJoin(states, eq(states.stationId, st.id))
          .where(eq(st.networkId, networkId))
          .orderBy(asc(st.mountpoint)),
        db
          .select({ session: sessions, username: schema.ntripAccounts.username })
          .from(sessions)
          .innerJoin(st, eq(st.id, sessions.stationId))
          .innerJoin(schema.ntripAccounts, eq(schema.ntripAccounts.id, sessions.accountId))
          .where(and(isNull(sessions.endedAt), eq(st.networkId, networkId)))
          .orderBy(desc(sessions.startedAt)),
        // The newest events of each station (a flapping one must not push the others' history out): one JSON list
        // per station, not a row and a date per event, for the event loop (decision 0060).
        db.select({ stationId: st.id, events: recentEvents() }).from(st).where(eq(st.networkId, networkId)),
        db
          .select({ count: count() })
          .from(sessions)
          .where(and(isNull(sessions.endedAt), eq(sessions.networkId, networkId))),
      ]);
      if (!network) throw AppError.notFound('There is no such network.');
      const eventsOf = new Map(eventRows.map((row) => [row.stationId, row.events]));
      const roversOf = groupBy(rovers, (row) => row.session.stationId);
      // A station's last connect is among its newest events; only a station with a full page of events and no
      // connect among them (an upstream failing again and again) needs a look further back.
      const connectedAt = new Map<string, Date>();
      const further: string[] = [];
      for (const { station, state } of rows) {
        const mine = eventsOf.get(station.id) ?? [];
        const connect = mine.find((event) => event.kind === 'connected');
        if (connect) connectedAt.set(station.id, new Date(connect.at));
        else if (state?.lastErrorAt && mine.length === EVENTS_PER_STATION) further.push(station.id);
      }
      for (const [stationId, connectAt] of await lastConnections(further)) connectedAt.set(stationId, connectAt);
      const at = now();
      const summary = summarize(
        network,
        rows.map(({ station, state }) => ({ stationId: station.id, state })),
        open?.count ?? 0,
        connectedAt,
        at,
      );

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
        const mine = eventsOf.get(station.id) ?? [];
        // Down since its last disconnect; a station whose last event is a connect has a caster that died: down
        // since that caster last refreshed the state. No events: it never connected (a relay station's state may
        // hold only an upstream error).
        const latest = mine[0];
        const downSince =
          latest?.kind === 'disconnected' ? latest.at : latest?.kind === 'connected' ? iso(state?.updatedAt) : null;
        return {
          id: station.id,
          mountpoint: station.mountpoint,
          identifier: station.identifier,
          isEnabled: station.isEnabled,
          isConnected: live,
          connectedSince: live ? iso(state?.connectedSince) : null,
          disconnectedAt: live ? null : downSince,
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
          rovers: (roversOf.get(station.id) ?? []).map(({ session, username }) => ({
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
          events: mine,
          updatedAt: iso(state?.updatedAt),
        };
      });
      return { network: summary, stations, generatedAt: new Date(at).toISOString() };
    },
  };
}

export type AdminFeedService = ReturnType<typeof createAdminFeedService>;
