import { type Database, schema } from '@fixpoint/db';
import type { MapStation, StationStatus } from '@fixpoint/shared';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';

/** A connected station silent this long shows as degraded (the caster drops it after CASTER_SOURCE_TIMEOUT_SECONDS). */
export const staleAfterMs = 30_000;

/**
 * A "connected" state the caster has not refreshed for this long (it flushes every few seconds) is from a caster
 * that died without writing its disconnect: the station is down, from the state's last update on.
 */
export const stateStaleAfterMs = 60_000;

/** Connected per the caster, and the caster writing the state is still alive (refreshed lately). */
export function isLiveState(
  state: { isConnected: boolean | null; updatedAt?: Date | null } | null,
  now = Date.now(),
): boolean {
  if (!state?.isConnected) return false;
  return !state.updatedAt || now - state.updatedAt.getTime() <= stateStaleAfterMs;
}

/**
 * Up, degraded or down, from the caster's live state. A relay network's station is pulled from its upstream only
 * while rovers want it (decision 0020): idle, it is available, so up, unless the upstream's last answer was an error
 * newer than its last data (`relay.lastErrorAt`).
 */
export function stationStatus(
  state: { isConnected: boolean | null; lastDataAt: Date | null; updatedAt?: Date | null } | null,
  now = Date.now(),
  relay?: { lastErrorAt: Date | null },
): StationStatus {
  if (!state || !isLiveState(state, now)) {
    const failed = relay?.lastErrorAt && (!state?.lastDataAt || relay.lastErrorAt > state.lastDataAt);
    return relay && !failed ? 'up' : 'down';
  }
  if (!state.lastDataAt || now - state.lastDataAt.getTime() > staleAfterMs) return 'degraded';
  return 'up';
}

/** Published public networks: what visitors may see. */
export const isPublicNetwork = () =>
  and(eq(schema.networks.isPublished, true), eq(schema.networks.visibility, 'public')) as SQL;

/**
 * Enabled stations with their live state and effective position (entered, else decoded from RTCM 1005/1006), for
 * the networks `where` selects. Stations without any position are left out (they cannot be drawn).
 */
export async function loadMapStations(db: Database, where: SQL | undefined): Promise<MapStation[]> {
  const { networks: n, stations: s, stationStates: st } = schema;
  const rows = await db
    .select({
      id: s.id,
      mountpoint: s.mountpoint,
      identifier: s.identifier,
      networkId: n.id,
      networkName: n.name,
      radiusKm: n.coverageRadiusKm,
      kind: n.kind,
      latitude: s.latitude,
      longitude: s.longitude,
      decodedLatitude: st.decodedLatitude,
      decodedLongitude: st.decodedLongitude,
      isConnected: st.isConnected,
      lastDataAt: st.lastDataAt,
      lastErrorAt: st.lastErrorAt,
      updatedAt: st.updatedAt,
    })
    .from(s)
    .innerJoin(n, eq(n.id, s.networkId))
    .leftJoin(st, eq(st.stationId, s.id))
    .where(and(eq(s.isEnabled, true), where))
    .orderBy(asc(n.name), asc(s.mountpoint));
  const now = Date.now();
  return rows.flatMap((row) => {
    const latitude = row.latitude ?? row.decodedLatitude;
    const longitude = row.longitude ?? row.decodedLongitude;
    if (latitude === null || longitude === null) return [];
    return [
      {
        id: row.id,
        mountpoint: row.mountpoint,
        identifier: row.identifier,
        networkId: row.networkId,
        networkName: row.networkName,
        latitude,
        longitude,
        radiusKm: row.radiusKm,
        status: stationStatus(row, now, row.kind === 'relay' ? row : undefined),
      },
    ];
  });
}

export const networkIdIn = (ids: string[]) => inArray(schema.networks.id, ids);
