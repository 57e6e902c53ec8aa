import { toCsv } from '@fixpoint/shared';
import type { AccountsRepository } from './accounts.repository';
import { networkStatuses } from './status';

/** Where a rover connects: the caster's public host, its NTRIP port and, when the caster speaks TLS, that port. */
export interface CasterAddress {
  host: string;
  port: number;
  tlsPort: number | null;
}

/** The caster settings the address is made from (the server's Env has them all). */
export interface CasterAddressSettings {
  PUBLIC_URL?: string | undefined;
  CASTER_PUBLIC_HOST?: string | undefined;
  CASTER_PUBLIC_PORT?: number | undefined;
  CASTER_PORT: number;
  CASTER_TLS_PORT?: number | undefined;
}

export interface Mountpoint {
  mountpoint: string;
  networkName: string;
  isAuto: boolean;
}

/** Everything a rover needs besides its username and password. */
export interface ConnectionDetails extends CasterAddress {
  /** What the account can use now: each network's nearest-base (AUTO) mount first, then its stations. */
  mountpoints: Mountpoint[];
}

/**
 * The caster's public address: CASTER_PUBLIC_HOST, else the host of PUBLIC_URL, else the host the request came
 * to (a local `npm start`), else localhost; CASTER_PUBLIC_PORT, else CASTER_PORT; CASTER_TLS_PORT when set.
 */
export function casterAddressFrom(settings: CasterAddressSettings) {
  const publicHost = settings.PUBLIC_URL ? new URL(settings.PUBLIC_URL).hostname : undefined;
  const port = settings.CASTER_PUBLIC_PORT ?? settings.CASTER_PORT;
  const tlsPort = settings.CASTER_TLS_PORT ?? null;
  return (requestHost?: string): CasterAddress => ({
    host: settings.CASTER_PUBLIC_HOST ?? publicHost ?? stripPort(requestHost) ?? 'localhost',
    port,
    tlsPort,
  });
}

/** `example.com:8080` -> `example.com`; `[::1]:8080` -> `[::1]`. */
function stripPort(host: string | undefined) {
  if (!host) return undefined;
  return host.match(/^(\[[^\]]*\]|[^:]*):\d+$/)?.[1] || host;
}

/**
 * The connection details of each of the given accounts: the caster's address and the mountpoints of the networks
 * the account has access to now (active, or pending until its first connection). An account without access gets
 * no mountpoints. One read for the accounts' access, one for the stations.
 */
export async function connectionDetails(
  repository: Pick<AccountsRepository, 'details' | 'stationsOf'>,
  caster: CasterAddress,
  accountIds: readonly string[],
  now = new Date(),
): Promise<Map<string, ConnectionDetails>> {
  const described = await repository.details([...new Set(accountIds)]);
  const usableOf = new Map(
    described.map((detail) => [
      detail.account.id,
      networkStatuses(detail.windows, now).filter((n) => n.state === 'active' || n.state === 'pending'),
    ]),
  );
  const networkIds = [...new Set([...usableOf.values()].flatMap((networks) => networks.map((n) => n.networkId)))];
  const stations = await repository.stationsOf(networkIds);
  const result = new Map<string, ConnectionDetails>();
  for (const id of accountIds) {
    const usable = usableOf.get(id) ?? [];
    const mountpoints = usable.flatMap((network) => [
      { mountpoint: `${network.networkCode}_AUTO`, networkName: network.networkName, isAuto: true },
      ...stations
        .filter((s) => s.networkId === network.networkId)
        .map((s) => ({ mountpoint: s.mountpoint, networkName: network.networkName, isAuto: false })),
    ]);
    result.set(id, { ...caster, mountpoints });
  }
  return result;
}

export const credentialsCsvHeader = ['name', 'username', 'password', 'host', 'port', 'tls_port', 'mountpoint'];

/**
 * Credentials as a CSV a fleet can be set up from: one row per account with the caster's host, port, TLS port
 * (empty without TLS) and the mountpoint to use: the AUTO mount of each network the account has access to (several
 * separated by spaces; empty until the account has access).
 */
export function credentialsCsv(
  rows: readonly { id: string; name: string; username: string; password: string }[],
  details: Map<string, ConnectionDetails>,
  caster: CasterAddress,
) {
  return toCsv(
    credentialsCsvHeader,
    rows.map((row) => {
      const detail = details.get(row.id) ?? { ...caster, mountpoints: [] };
      const mounts = detail.mountpoints.filter((m) => m.isAuto).map((m) => m.mountpoint);
      return [
        row.name,
        row.username,
        row.password,
        detail.host,
        String(detail.port),
        detail.tlsPort === null ? '' : String(detail.tlsPort),
        mounts.join(' '),
      ];
    }),
  );
}
