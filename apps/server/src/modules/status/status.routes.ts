import { type Database, schema } from '@fixpoint/db';
import { networkStatus, type StationStatus, statusPageSchema, uptimeShare } from '@fixpoint/shared';
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isLiveState, isPublicNetwork, stationStatus } from '../networks/station-status';

const day = 24 * 60 * 60 * 1000;

type Event = { stationId: string; kind: 'connected' | 'disconnected'; at: Date };

/**
 * `GET /api/status` (public): every published public network and its stations, up / degraded / down now, and the
 * share of the last 7 and 30 days each station was connected, from its connect and disconnect events. A state
 * still "connected" that its caster has stopped refreshing (the caster died without writing the disconnect) counts
 * as down from its last update on, until the caster's restart writes the missing event (decision 0030).
 */
export const statusRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const { networks: n, stations: s, stationStates: st, stationEvents: ev } = schema;

  app.get(
    '/status',
    {
      schema: {
        tags: ['networks'],
        summary: 'Status and uptime of the public networks and their stations',
        response: { 200: statusPageSchema },
      },
    },
    async () => {
      const now = new Date();
      const from30 = new Date(now.getTime() - 30 * day);
      const from7 = new Date(now.getTime() - 7 * day);
      const rows = await db
        .select({
          networkId: n.id,
          code: n.code,
          name: n.name,
          operator: n.operator,
          stationId: s.id,
          stationCreatedAt: s.createdAt,
          mountpoint: s.mountpoint,
          identifier: s.identifier,
          isConnected: st.isConnected,
          lastDataAt: st.lastDataAt,
          lastErrorAt: st.lastErrorAt,
          updatedAt: st.updatedAt,
          kind: n.kind,
        })
        .from(n)
        .leftJoin(s, and(eq(s.networkId, n.id), eq(s.isEnabled, true)))
        .leftJoin(st, eq(st.stationId, s.id))
        .where(isPublicNetwork())
        .orderBy(asc(n.name), asc(s.mountpoint));

      const stationIds = rows.flatMap((row) => (row.stationId ? [row.stationId] : []));
      // A relay station let go because no rover wanted it stays available: its idle time is not downtime.
      const notIdle = or(isNull(ev.reason), ne(ev.reason, 'relay-idle'));
      const recent: Event[] = stationIds.length
        ? await db
            .select({ stationId: ev.stationId, kind: ev.kind, at: ev.at })
            .from(ev)
            .where(and(inArray(ev.stationId, stationIds), gte(ev.at, from30), notIdle))
            .orderBy(asc(ev.stationId), asc(ev.at))
        : [];
      const before30: Event[] = stationIds.length
        ? await db
            .selectDistinctOn([ev.stationId], { stationId: ev.stationId, kind: ev.kind, at: ev.at })
            .from(ev)
            .where(and(inArray(ev.stationId, stationIds), lt(ev.at, from30), notIdle))
            .orderBy(ev.stationId, desc(ev.at))
        : [];

      // A station added during a period is measured from when it was added, not as down before it existed.
      const later = (a: Date, b: Date | null) => (b && b > a ? b : a);
      const uptimes = (stationId: string, createdAt: Date | null, goneSince: Date | undefined, isRelay: boolean) => {
        const events = recent.filter((e) => e.stationId === stationId);
        // A relay station is available before its first pull (it is pulled on demand), so up from the start.
        let prior: Pick<Event, 'kind'> | undefined =
          before30.find((e) => e.stationId === stationId) ?? (isRelay ? { kind: 'connected' } : undefined);
        if (goneSince) {
          const gone: Event = { stationId, kind: 'disconnected', at: goneSince };
          if (goneSince < from30) prior = gone;
          else {
            events.push(gone);
            events.sort((a, b) => a.at.getTime() - b.at.getTime());
          }
        }
        const events7 = events.filter((e) => e.at >= from7);
        const prior7 = events.filter((e) => e.at < from7).at(-1) ?? prior;
        return {
          uptime30d: uptimeShare(events, prior, later(from30, createdAt), now),
          uptime7d: uptimeShare(events7, prior7, later(from7, createdAt), now),
        };
      };

      const networks = new Map<
        string,
        {
          id: string;
          code: string;
          name: string;
          operator: string;
          stations: {
            id: string;
            mountpoint: string;
            identifier: string;
            status: StationStatus;
            uptime7d: number;
            uptime30d: number;
            lastDataAt: string | null;
          }[];
        }
      >();
      for (const row of rows) {
        let network = networks.get(row.networkId);
        if (!network) {
          network = { id: row.networkId, code: row.code, name: row.name, operator: row.operator, stations: [] };
          networks.set(row.networkId, network);
        }
        if (!row.stationId || !row.mountpoint) continue;
        const state =
          row.isConnected === null
            ? null
            : { isConnected: row.isConnected, lastDataAt: row.lastDataAt, updatedAt: row.updatedAt };
        // Connected per its state, but its caster stopped refreshing it: down since the last refresh.
        const goneSince =
          state?.isConnected && !isLiveState(state, now.getTime()) ? (state.updatedAt ?? undefined) : undefined;
        network.stations.push({
          id: row.stationId,
          mountpoint: row.mountpoint,
          identifier: row.identifier ?? '',
          status: stationStatus(state, now.getTime(), row.kind === 'relay' ? row : undefined),
          ...uptimes(row.stationId, row.stationCreatedAt, goneSince, row.kind === 'relay'),
          lastDataAt: row.lastDataAt?.toISOString() ?? null,
        });
      }
      const mean = (values: number[]) => (values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : 0);
      return {
        generatedAt: now.toISOString(),
        networks: [...networks.values()].map((network) => ({
          ...network,
          status: networkStatus(network.stations.map((station) => station.status)),
          uptime7d: mean(network.stations.map((station) => station.uptime7d)),
          uptime30d: mean(network.stations.map((station) => station.uptime30d)),
        })),
      };
    },
  );
};
