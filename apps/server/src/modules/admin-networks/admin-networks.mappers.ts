import { randomInt } from 'node:crypto';
import type { schema } from '@fixpoint/db';
import { type AdminNetwork, type AdminStation, importFieldSchema, type NetworkTemplate } from '@fixpoint/shared';
import type { UpstreamStream } from './sourcetable';

/** Rows of the network tables as the admin API shows them, and the small rules they share. */

export type TemplateRow = typeof schema.networkTemplates.$inferSelect;
export type NetworkRow = typeof schema.networks.$inferSelect;
export type StationRow = typeof schema.stations.$inferSelect;
export type StateRow = typeof schema.stationStates.$inferSelect;

// No 0/O, 1/l/I: base station operators type these into receivers and str2str command lines by hand.
const passwordAlphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 20 characters from 57 symbols (about 116 bits): letters and digits only, safe in a v1 `SOURCE pw /MP` line. */
export const generateSourcePassword = () =>
  Array.from({ length: 20 }, () => passwordAlphabet[randomInt(passwordAlphabet.length)]).join('');

const iso = (value: Date) => value.toISOString();

export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** Entered ?? decoded. The caster copies the first decoded position into an empty one, marked `decoded`. */
export function effectivePosition(station: StationRow, state: StateRow | undefined) {
  const decoded =
    state?.decodedLatitude != null && state.decodedLongitude != null
      ? { latitude: state.decodedLatitude, longitude: state.decodedLongitude, height: state.decodedHeight }
      : null;
  if (station.latitude !== null && station.longitude !== null) {
    const position = { latitude: station.latitude, longitude: station.longitude, height: station.height };
    return { position, source: station.positionSource };
  }
  return decoded ? { position: decoded, source: 'decoded' as const } : { position: null, source: null };
}

/** A write that sets a position marks it as entered, replacing one the caster decoded. */
export const enteredPosition = (values: Record<string, unknown>) =>
  'latitude' in values || 'longitude' in values ? { positionSource: 'entered' as const } : {};

export function toAdminStation(station: StationRow, state?: StateRow): AdminStation {
  const { position, source } = effectivePosition(station, state);
  return {
    id: station.id,
    networkId: station.networkId,
    mountpoint: station.mountpoint,
    identifier: station.identifier,
    position,
    positionSource: source,
    countryCode: station.countryCode,
    format: station.format,
    formatDetails: station.formatDetails,
    carrier: station.carrier,
    navSystem: station.navSystem,
    needsGga: station.needsGga,
    upstreamMountpoint: station.upstreamMountpoint,
    isEnabled: station.isEnabled,
    hasSourcePassword: station.sourcePasswordHash !== null,
    createdAt: iso(station.createdAt),
  };
}

export function toTemplate(row: TemplateRow, networkCount: number): NetworkTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    defaultHost: row.defaultHost,
    defaultPort: row.defaultPort,
    ntripVersion: row.ntripVersion === 1 ? 1 : 2,
    authentication: row.authentication,
    needsGga: row.needsGga,
    dailyPrice: row.dailyPrice,
    networkCount,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function toNetwork(row: NetworkRow, stationCount: number, templateName: string | null): AdminNetwork {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    operator: row.operator,
    description: row.description,
    kind: row.kind,
    templateId: row.templateId,
    templateName,
    dailyPrice: row.dailyPrice,
    visibility: row.visibility,
    isPublished: row.isPublished,
    accessStartsAt: row.accessStartsAt,
    coverageRadiusKm: row.coverageRadiusKm,
    countryCode: row.countryCode,
    upstream: {
      host: row.upstreamHost,
      port: row.upstreamPort,
      version: row.upstreamVersion === 1 ? 1 : row.upstreamVersion === 2 ? 2 : null,
      username: row.upstreamUsername,
      hasPassword: row.upstreamPasswordEnc !== null,
    },
    stationCount,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export const importedValues = (stream: UpstreamStream) => ({
  identifier: stream.identifier,
  format: stream.format || 'RTCM 3',
  formatDetails: stream.formatDetails,
  carrier: stream.carrier,
  navSystem: stream.navSystem,
  countryCode: stream.country || null,
  latitude: stream.latitude,
  longitude: stream.longitude,
  needsGga: stream.nmea === 1,
});

export type ImportedField = keyof ReturnType<typeof importedValues>;
/** The fields an import compares and writes: the contract's list, each one a value importedValues gives. */
export const importedFields: readonly ImportedField[] = importFieldSchema.options;
