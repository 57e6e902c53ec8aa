import { type Database, schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';

/** An enabled station as the caster needs it. */
export interface CatalogStation {
  id: string;
  networkId: string;
  mountpoint: string;
  identifier: string;
  latitude: number | null;
  longitude: number | null;
  height: number | null;
  countryCode: string | null;
  format: string;
  formatDetails: string;
  carrier: number;
  navSystem: string;
  needsGga: boolean;
  sourcePasswordHash: string | null;
  isSimulated: boolean;
  /** Relay kind: the mountpoint's name at the upstream caster (our own name when unset). */
  upstreamMountpoint: string | null;
}

/** Relay kind: where the network's upstream caster is; the password stays sealed until a connection needs it. */
export interface CatalogUpstream {
  host: string;
  port: number;
  version: 1 | 2;
  username: string | null;
  passwordEnc: string | null;
}

export interface CatalogNetwork {
  id: string;
  code: string;
  name: string;
  operator: string;
  kind: 'hosted' | 'relay';
  dailyPrice: number;
  isPublished: boolean;
  coverageRadiusKm: number;
  countryCode: string | null;
  /** `${code}_AUTO`: the nearest-base mountpoint. */
  autoMountpoint: string;
  /** Relay networks with a host configured; undefined for hosted ones. */
  upstream: CatalogUpstream | undefined;
  /** RINEX on demand (archive/): days recorded streams are kept (0: not recorded); relays: whether to record. */
  archiveRetentionDays: number;
  archiveRelayed: boolean;
}

export interface Catalog {
  networks: ReadonlyMap<string, CatalogNetwork>;
  /** Enabled stations by mountpoint. */
  stations: ReadonlyMap<string, CatalogStation>;
  /** Networks by their AUTO mountpoint. */
  autoMounts: ReadonlyMap<string, CatalogNetwork>;
  stationsOf(networkId: string): CatalogStation[];
}

export type MountTarget =
  | { kind: 'station'; station: CatalogStation; network: CatalogNetwork }
  | { kind: 'auto'; network: CatalogNetwork };

export interface CatalogStore {
  /** The catalog, read again when the cached copy is older than `maxAgeMs` (the store's TTL unless given). */
  get(maxAgeMs?: number): Promise<Catalog>;
}

/**
 * How old a cached catalog may be when a client asks for a mountpoint it does not hold: the catalog is read again,
 * so a network or station created a moment ago (by an admin, or by a script through the API) is found at once
 * rather than after the TTL, while a client asking for unknown mounts causes at most four reads a second.
 */
const MISS_MAX_AGE_MS = 250;

export const autoMountpointOf = (code: string) => `${code}_AUTO`;

/**
 * Mountpoints and networks, read from the database at most once per `ttlMs`: every rover login needs them, and
 * an admin's change showing up a second or two later is fine. Concurrent callers share one read.
 */
export function createCatalogStore({ db, ttlMs }: { db: Database; ttlMs: number }): CatalogStore {
  let cached: { catalog: Catalog; at: number } | undefined;
  let loading: Promise<Catalog> | undefined;
  return {
    get(maxAgeMs = ttlMs) {
      if (cached && Date.now() - cached.at < maxAgeMs) return Promise.resolve(cached.catalog);
      loading ??= loadCatalog(db).then(
        (catalog) => {
          cached = { catalog, at: Date.now() };
          loading = undefined;
          return catalog;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

/** The catalog with `mountpoint` in it if it exists: on a miss in the cached copy, a fresher one is read. */
export async function catalogFor(store: CatalogStore, mountpoint: string): Promise<Catalog> {
  const catalog = await store.get();
  if (catalog.stations.has(mountpoint) || catalog.autoMounts.has(mountpoint)) return catalog;
  return store.get(MISS_MAX_AGE_MS);
}

export function resolveMount(catalog: Catalog, mountpoint: string): MountTarget | undefined {
  const station = catalog.stations.get(mountpoint);
  if (station) {
    const network = catalog.networks.get(station.networkId);
    return network && { kind: 'station', station, network };
  }
  const network = catalog.autoMounts.get(mountpoint);
  return network && { kind: 'auto', network };
}

async function loadCatalog(db: Database): Promise<Catalog> {
  const { networks: n, stations: s } = schema;
  const [networkRows, stationRows] = await Promise.all([
    db
      .select({
        id: n.id,
        code: n.code,
        name: n.name,
        operator: n.operator,
        kind: n.kind,
        dailyPrice: n.dailyPrice,
        isPublished: n.isPublished,
        coverageRadiusKm: n.coverageRadiusKm,
        countryCode: n.countryCode,
        archiveRetentionDays: n.archiveRetentionDays,
        archiveRelayed: n.archiveRelayed,
        upstreamHost: n.upstreamHost,
        upstreamPort: n.upstreamPort,
        upstreamVersion: n.upstreamVersion,
        upstreamUsername: n.upstreamUsername,
        upstreamPasswordEnc: n.upstreamPasswordEnc,
      })
      .from(n),
    db
      .select({
        id: s.id,
        networkId: s.networkId,
        mountpoint: s.mountpoint,
        identifier: s.identifier,
        latitude: s.latitude,
        longitude: s.longitude,
        height: s.height,
        countryCode: s.countryCode,
        format: s.format,
        formatDetails: s.formatDetails,
        carrier: s.carrier,
        navSystem: s.navSystem,
        needsGga: s.needsGga,
        sourcePasswordHash: s.sourcePasswordHash,
        isSimulated: s.isSimulated,
        upstreamMountpoint: s.upstreamMountpoint,
      })
      .from(s)
      .where(eq(s.isEnabled, true)),
  ]);
  const networks = new Map(
    networkRows.map(
      ({ upstreamHost, upstreamPort, upstreamVersion, upstreamUsername, upstreamPasswordEnc, ...row }) => {
        const upstream: CatalogUpstream | undefined =
          row.kind === 'relay' && upstreamHost
            ? {
                host: upstreamHost,
                port: upstreamPort ?? 2101,
                version: upstreamVersion === 1 ? 1 : 2,
                username: upstreamUsername,
                passwordEnc: upstreamPasswordEnc,
              }
            : undefined;
        return [row.id, { ...row, autoMountpoint: autoMountpointOf(row.code), upstream } as CatalogNetwork];
      },
    ),
  );
  const stations = new Map(stationRows.map((row) => [row.mountpoint, row as CatalogStation]));
  const byNetwork = new Map<string, CatalogStation[]>();
  for (const station of stations.values()) {
    const list = byNetwork.get(station.networkId) ?? [];
    list.push(station);
    byNetwork.set(station.networkId, list);
  }
  // A station literally named like an AUTO mount would shadow it; the station wins (resolveMount looks there first).
  const autoMounts = new Map([...networks.values()].map((network) => [network.autoMountpoint, network]));
  return { networks, stations, autoMounts, stationsOf: (networkId) => byNetwork.get(networkId) ?? [] };
}
