import type { Catalog, CatalogNetwork, CatalogStation } from '../streams/catalog';
import { isRtcm3 } from '../streams/source-ingest';

export type RecordedStation = Pick<CatalogStation, 'format' | 'needsGga'>;
export type RecordedNetwork = Pick<CatalogNetwork, 'kind' | 'archiveRetentionDays' | 'archiveRelayed'>;

/**
 * Whether a station's live stream is recorded (decision 0044): its network keeps archives (retention > 0); it is
 * RTCM 3 (only whole CRC-checked frames can be converted later); a relayed station only when its network allows
 * it (the upstream's terms may forbid it), and never an nmea=1 relay mount, whose stream is made for one rover's
 * position (a VRS), not the station's.
 */
export function isRecorded(station: RecordedStation, network: RecordedNetwork | undefined): boolean {
  if (!network || network.archiveRetentionDays <= 0 || !isRtcm3(station.format)) return false;
  if (network.kind === 'hosted') return true;
  return network.archiveRelayed && !station.needsGga;
}

/** The station as the catalog has it now (by mountpoint and id), with its network, or undefined once it is gone. */
export function recordingTarget(
  catalog: Catalog,
  station: Pick<CatalogStation, 'id' | 'mountpoint'>,
): { station: CatalogStation; network: CatalogNetwork | undefined } | undefined {
  const current = catalog.stations.get(station.mountpoint);
  if (!current || current.id !== station.id) return undefined;
  return { station: current, network: catalog.networks.get(current.networkId) };
}
