import type { CasRecord, NetRecord, SourcetableRecord, StrRecord } from '../protocol/sourcetable';
import type { Catalog, CatalogNetwork, CatalogStation } from './catalog';
import { type MountRegistry, positionOf } from './mount';

export interface SourcetableOptions {
  brandName: string;
  publicHost: string;
  publicPort: number;
  portalUrl: string;
}

/**
 * The sourcetable from the database: CAS, then per published network (hosted, or relay with an upstream host) its
 * NET record, one STR per enabled station and one STR for the network's AUTO mount (nmea=1: the rover must send
 * GGA; solution=1: network). Unpublished networks are not advertised (their mounts still work for accounts with
 * access, so an operator can try a network before publishing it).
 */
export function buildSourcetable(
  catalog: Catalog,
  mounts: MountRegistry,
  options: SourcetableOptions,
): SourcetableRecord[] {
  const cas: CasRecord = {
    type: 'CAS',
    host: options.publicHost,
    port: options.publicPort,
    identifier: options.brandName,
    operator: options.brandName,
    nmea: 1,
    country: '',
    latitude: 0,
    longitude: 0,
    fallbackHost: '0.0.0.0',
    fallbackPort: 0,
    misc: options.portalUrl,
  };
  const records: SourcetableRecord[] = [cas];
  const networks = [...catalog.networks.values()]
    .filter((network) => network.isPublished && (network.kind === 'hosted' || network.upstream !== undefined))
    .sort((a, b) => a.code.localeCompare(b.code));
  for (const network of networks) {
    const stations = catalog.stationsOf(network.id).sort((a, b) => a.mountpoint.localeCompare(b.mountpoint));
    records.push(netRecord(network, options));
    // A station with no position yet (none entered, no 1005/1006 decoded) is not advertised at 0,0: a rover
    // choosing the nearest mount from the table would be misled. Its mount still works for those who know it.
    const placed = stations.flatMap((station) => {
      const record = stationRecord(station, network, mounts, options);
      return record ? [{ station, record }] : [];
    });
    for (const { record } of placed) records.push(record);
    if (placed.length > 0) records.push(autoRecord(network, placed, options));
  }
  return records;
}

function netRecord(network: CatalogNetwork, options: SourcetableOptions): NetRecord {
  return {
    type: 'NET',
    identifier: network.code,
    operator: network.operator || network.name,
    authentication: 'B',
    fee: network.dailyPrice > 0 ? 'Y' : 'N',
    webNet: options.portalUrl,
    webStr: options.portalUrl,
    webReg: options.portalUrl,
    misc: network.name,
  };
}

function stationRecord(
  station: CatalogStation,
  network: CatalogNetwork,
  mounts: MountRegistry,
  options: SourcetableOptions,
): StrRecord | undefined {
  const mount = mounts.get(station.mountpoint);
  const position = mount ? positionOf(mount) : undefined;
  const latitude = position?.latitude ?? station.latitude;
  const longitude = position?.longitude ?? station.longitude;
  if (latitude === null || latitude === undefined || longitude === null || longitude === undefined) return undefined;
  const state = mount?.source?.state;
  return {
    type: 'STR',
    mountpoint: station.mountpoint,
    identifier: station.identifier || station.mountpoint,
    format: station.format,
    formatDetails: station.formatDetails || (state ? formatDetailsOf(state.messageTypes()) : ''),
    carrier: station.carrier,
    navSystem: station.navSystem,
    network: network.code,
    country: station.countryCode ?? network.countryCode ?? '',
    latitude,
    longitude,
    nmea: station.needsGga ? 1 : 0,
    solution: 0,
    generator: options.brandName,
    comprEncryp: 'none',
    authentication: 'B',
    fee: network.dailyPrice > 0 ? 'Y' : 'N',
    bitrate: state?.bitrate ?? 0,
    misc: '',
  };
}

function autoRecord(
  network: CatalogNetwork,
  placed: readonly { station: CatalogStation; record: StrRecord }[],
  options: SourcetableOptions,
): StrRecord {
  const stations = placed.map(({ station }) => station);
  // The AUTO mount sits at the middle of its stations, as the sourcetable advertises them.
  const mean = (pick: (record: StrRecord) => number) =>
    placed.reduce((sum, { record }) => sum + pick(record), 0) / placed.length;
  const systems = new Set(stations.flatMap((station) => station.navSystem.split('+').filter(Boolean)));
  return {
    type: 'STR',
    mountpoint: network.autoMountpoint,
    identifier: `${network.name} nearest base`,
    format: stations[0]?.format ?? 'RTCM 3.3',
    formatDetails: '',
    carrier: Math.max(...stations.map((station) => station.carrier)),
    navSystem: [...systems].join('+'),
    network: network.code,
    country: network.countryCode ?? '',
    latitude: mean((record) => record.latitude),
    longitude: mean((record) => record.longitude),
    nmea: 1,
    solution: 1,
    generator: options.brandName,
    comprEncryp: 'none',
    authentication: 'B',
    fee: network.dailyPrice > 0 ? 'Y' : 'N',
    bitrate: 0,
    misc: '',
  };
}

/** `1005(10),1077(1)`: message types with their period in seconds, from the live rates. */
function formatDetailsOf(types: Record<string, { ratePerMinute: number }>): string {
  return Object.entries(types)
    .filter(([type, stats]) => type !== '0' && stats.ratePerMinute > 0)
    .map(([type, stats]) => `${type}(${Math.max(1, Math.round(60 / stats.ratePerMinute))})`)
    .join(',');
}
