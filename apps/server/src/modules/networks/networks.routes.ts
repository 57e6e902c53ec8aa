import { type Database, schema } from '@fixpoint/db';
import {
  AppError,
  errorResponseSchema,
  networkCoverageSchema,
  networkDetailSchema,
  publicNetworkSchema,
} from '@fixpoint/shared';
import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ChangeSignal,
  createAnswerCache,
  notModifiedSchema,
  sendShared,
  shareAnswer,
} from '../../lib/shared-answer';
import { isPublicNetwork, loadMapStations, stationStatus } from './station-status';

const idParams = z.object({ id: z.uuid() });
const publicNetworksSchema = z.array(publicNetworkSchema);

/**
 * How long the marketplace list is shared between visitors when nothing tells us it changed: admin writes through
 * this server forget it at once; this (twice over: an aged list is served while the next is read) bounds how long
 * a change by another process or the start-up seed takes to show.
 */
export const networkListShareMs = 10_000;

/**
 * The marketplace (no sign-in needed: visitors browse it): `GET /api/networks`, `GET /api/networks/coverage` (every
 * public network's stations for one map), `GET /api/networks/{id}` and `GET /api/networks/{id}/coverage`. Only
 * published public networks are shown; any other id is 404, so private networks are not revealed.
 */
export const networksRoutes: FastifyPluginAsyncZod<{ db: Database; adminWrites?: ChangeSignal }> = async (
  app,
  { db, adminWrites },
) => {
  const n = schema.networks;
  const s = schema.stations;

  async function listNetworks(id?: string) {
    const rows = await db
      .select({
        id: n.id,
        code: n.code,
        name: n.name,
        operator: n.operator,
        description: n.description,
        dailyPrice: n.dailyPrice,
        accessStartsAt: n.accessStartsAt,
        coverageRadiusKm: n.coverageRadiusKm,
        countryCode: n.countryCode,
        stationCount: count(s.id),
      })
      .from(n)
      .leftJoin(s, and(eq(s.networkId, n.id), eq(s.isEnabled, true)))
      .where(and(isPublicNetwork(), id ? eq(n.id, id) : undefined))
      .groupBy(n.id)
      .orderBy(asc(n.name));
    if (rows.length === 0) return [];
    const stationCountries = await db
      .selectDistinct({ networkId: s.networkId, countryCode: s.countryCode })
      .from(s)
      .where(
        and(
          inArray(
            s.networkId,
            rows.map((row) => row.id),
          ),
          eq(s.isEnabled, true),
          isNotNull(s.countryCode),
        ),
      );
    const plans = await db
      .select({
        id: schema.products.id,
        name: schema.products.name,
        price: schema.products.amount,
        currency: schema.products.currency,
        networkId: schema.products.networkId,
      })
      .from(schema.products)
      .where(
        and(
          inArray(
            schema.products.networkId,
            rows.map((row) => row.id),
          ),
          eq(schema.products.category, 'billable-subscription'),
          eq(schema.products.isArchived, false),
        ),
      )
      .orderBy(asc(schema.products.amount));
    return rows.map(({ countryCode, ...row }) => {
      const countries = new Set<string>(countryCode ? [countryCode] : []);
      for (const entry of stationCountries) {
        if (entry.networkId === row.id && entry.countryCode) countries.add(entry.countryCode);
      }
      const own = plans.filter((plan) => plan.networkId === row.id).map(({ networkId: _, ...plan }) => plan);
      return { ...row, countries: [...countries].sort(), plans: own };
    });
  }

  // Every visitor gets the same list: read and encoded once, shared until an admin write (docs/decisions/0052).
  const list = createAnswerCache<'all'>({
    ttlMs: networkListShareMs,
    build: async () => shareAnswer(publicNetworksSchema, await listNetworks()),
  });
  adminWrites?.onChange(list.invalidate);

  app.get(
    '/networks',
    {
      // The same list for everyone: a visitor's session cookie costs no session read here.
      config: { ignoresSession: true },
      schema: {
        tags: ['networks'],
        summary: 'Published public networks',
        response: { 200: publicNetworksSchema, 304: notModifiedSchema },
      },
    },
    async (request, reply) => sendShared(request, reply, await list.get('all')),
  );

  app.get(
    '/networks/coverage',
    {
      schema: {
        tags: ['networks'],
        summary: 'Stations of every published public network, for the coverage map',
        response: { 200: networkCoverageSchema },
      },
    },
    async () => ({ stations: await loadMapStations(db, isPublicNetwork()) }),
  );

  app.get(
    '/networks/:id',
    {
      schema: {
        tags: ['networks'],
        summary: 'A published public network with its stations',
        params: idParams,
        response: { 200: networkDetailSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const [network] = await listNetworks(request.params.id);
      if (!network) throw AppError.notFound('No such network.');
      const st = schema.stationStates;
      const rows = await db
        .select({
          id: s.id,
          mountpoint: s.mountpoint,
          identifier: s.identifier,
          countryCode: s.countryCode,
          latitude: s.latitude,
          longitude: s.longitude,
          decodedLatitude: st.decodedLatitude,
          decodedLongitude: st.decodedLongitude,
          navSystem: s.navSystem,
          format: s.format,
          isConnected: st.isConnected,
          lastDataAt: st.lastDataAt,
          lastErrorAt: st.lastErrorAt,
          updatedAt: st.updatedAt,
          kind: schema.networks.kind,
        })
        .from(s)
        .innerJoin(schema.networks, eq(schema.networks.id, s.networkId))
        .leftJoin(st, eq(st.stationId, s.id))
        .where(and(eq(s.networkId, network.id), eq(s.isEnabled, true)))
        .orderBy(asc(s.mountpoint));
      const now = Date.now();
      return {
        ...network,
        stations: rows.map((row) => ({
          id: row.id,
          mountpoint: row.mountpoint,
          identifier: row.identifier,
          countryCode: row.countryCode,
          latitude: row.latitude ?? row.decodedLatitude,
          longitude: row.longitude ?? row.decodedLongitude,
          navSystem: row.navSystem,
          format: row.format,
          status: stationStatus(row, now, row.kind === 'relay' ? row : undefined),
        })),
      };
    },
  );

  app.get(
    '/networks/:id/coverage',
    {
      schema: {
        tags: ['networks'],
        summary: "A published public network's stations, for its coverage map",
        params: idParams,
        response: { 200: networkCoverageSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const [network] = await db
        .select({ id: n.id })
        .from(n)
        .where(and(isPublicNetwork(), eq(n.id, request.params.id)));
      if (!network) throw AppError.notFound('No such network.');
      return { stations: await loadMapStations(db, eq(n.id, network.id)) };
    },
  );
};
