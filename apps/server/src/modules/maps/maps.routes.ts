import { type Database, ownerWhere, schema } from '@fixpoint/db';
import { errorResponseSchema, type MapRover, mapDataSchema } from '@fixpoint/shared';
import { and, desc, eq, gt, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, requireUser } from '../../plugins/auth';
import { ownerOf } from '../../plugins/owner-scope';
import { loadMapStations, networkIdIn } from '../networks/station-status';

/**
 * `GET /api/map`: the signed-in user's map: the networks their NTRIP accounts can use now (an access window covers
 * now, or a bought window waits for its first connection), those networks' stations with live status, and each of
 * their accounts' last reported rover position. `GET /api/admin/map`: every station and every connected rover (with
 * its position once it has sent a GGA).
 */
const a = schema.ntripAccounts;
const w = schema.accessWindows;
const cs = schema.casterSessions;

/** The owner's map: each account's latest positioned session; the admin map: every open session, positioned or not. */
async function rovers(db: Database, where: SQL | undefined, latestPerAccount: boolean): Promise<MapRover[]> {
  const columns = {
    sessionId: cs.id,
    accountId: cs.accountId,
    accountName: a.name,
    username: a.username,
    mountpoint: cs.mountpoint,
    latitude: cs.lastLatitude,
    longitude: cs.lastLongitude,
    lastGgaAt: cs.lastGgaAt,
    startedAt: cs.startedAt,
    endedAt: cs.endedAt,
  };
  const query = latestPerAccount ? db.selectDistinctOn([cs.accountId], columns) : db.select(columns);
  const rows = await query
    .from(cs)
    .innerJoin(a, eq(a.id, cs.accountId))
    .where(and(latestPerAccount ? and(isNotNull(cs.lastLatitude), isNotNull(cs.lastLongitude)) : undefined, where))
    .orderBy(...(latestPerAccount ? [cs.accountId] : []), desc(cs.startedAt))
    .limit(5000);
  return rows.map((row) => ({
    sessionId: row.sessionId,
    accountName: row.accountName,
    username: row.username,
    mountpoint: row.mountpoint,
    latitude: row.latitude,
    longitude: row.longitude,
    reportedAt: (row.lastGgaAt ?? row.startedAt).toISOString(),
    isConnected: row.endedAt === null,
  }));
}

export const mapsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/map',
    {
      onRequest: requireUser,
      schema: {
        tags: ['map'],
        summary: "The owner's coverage, stations and rovers (the user's, or an organisation's)",
        security: [{ bearerAuth: [] }],
        response: { 200: mapDataSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const mine = ownerWhere(a, ownerOf(request));
      const now = new Date();
      const usable = await db
        .selectDistinct({ networkId: w.networkId })
        .from(w)
        .innerJoin(a, eq(a.id, w.accountId))
        .where(
          and(
            mine,
            eq(a.isDisabled, false),
            or(
              and(lte(w.startsAt, now), or(isNull(w.endsAt), gt(w.endsAt, now))),
              and(isNull(w.startsAt), isNotNull(w.pendingDays)),
            ),
          ),
        );
      const networkIds = usable.map((row) => row.networkId);
      return {
        stations: networkIds.length > 0 ? await loadMapStations(db, networkIdIn(networkIds)) : [],
        rovers: await rovers(db, mine, true),
      };
    },
  );
};

/** The admin's map: every network, station and rover. */
export const adminMapRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/admin/map',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Every station with live status and every connected rover (admin)',
        security: [{ bearerAuth: [] }],
        response: { 200: mapDataSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => ({
      stations: await loadMapStations(db, undefined),
      rovers: await rovers(db, isNull(cs.endedAt), false),
    }),
  );
};
