import type { Database, Owner } from '@fixpoint/db';
import {
  type AccountHealth,
  AppError,
  addGgaStats,
  assessHealth,
  correctionAgeEdges,
  emptyGgaStats,
  type FixState,
  type Fleet,
  fixStates,
  type GgaStats,
  hdopEdges,
  histogramPercentile,
  satelliteEdges,
} from '@fixpoint/shared';
import { networkStatuses } from '../accounts/status';
import {
  createFleetRepository,
  FLEET_WINDOW_DAYS,
  type FleetAccountRow,
  type FleetScope,
  type FleetSessionRow,
} from './fleet.repository';

/** A live base that sent nothing for this long is degraded (its rovers' float is the base's doing). */
const BASE_SILENT_MS = 30_000;

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** One account's health from its recent sessions (newest first); pure apart from `now`. */
export function accountHealth(account: FleetAccountRow, sessions: FleetSessionRow[], now: Date): AccountHealth {
  const merged = emptyGgaStats();
  const firstFixes: number[] = [];
  for (const session of sessions) {
    addGgaStats(merged, session.ggaStats);
    const firstFixS = (session.ggaStats as Partial<GgaStats> | null)?.firstFixS;
    if (typeof firstFixS === 'number' && Number.isFinite(firstFixS)) firstFixes.push(firstFixS);
  }
  const total = fixStates.reduce((sum, state) => sum + merged.fixMs[state], 0);
  const fix = Object.fromEntries(
    fixStates.map((state) => [state, total > 0 ? round(merged.fixMs[state] / total, 4) : 0]),
  ) as Record<FixState, number>;
  const latest = sessions[0];
  const positioned = sessions.find((s) => s.lastLatitude !== null && s.lastLongitude !== null);
  const withDistance = sessions.find((s) => s.distanceToBaseM !== null);
  const networks = networkStatuses(account.windows, now);
  const active = networks.filter((network) => network.state === 'active');
  const isOpen = latest !== undefined && latest.endedAt === null;
  const isBaseDegraded =
    isOpen &&
    latest.stationId !== null &&
    (latest.stationConnected !== true ||
      latest.stationLastDataAt === null ||
      now.getTime() - latest.stationLastDataAt.getTime() > BASE_SILENT_MS);
  const failedLogins = account.failures.filter((f) => !latest || new Date(f.at) > latest.startedAt).length;
  const ageP95 = histogramPercentile(correctionAgeEdges, merged.age, 0.95);
  const satellites = histogramPercentile(satelliteEdges, merged.sats, 0.5);
  const timeToFirstFixS = median(firstFixes);
  const baseDistanceKm = withDistance?.distanceToBaseM != null ? round(withDistance.distanceToBaseM / 1000, 3) : null;
  const { status, reasons } = assessHealth({
    fixMs: merged.fixMs,
    timeToFirstFixS,
    correctionAgeP95S: ageP95,
    satellites,
    baseDistanceKm,
    isBaseDegraded,
    latest: latest
      ? {
          mountpoint: latest.mountpoint,
          durationS: ((latest.endedAt ?? now).getTime() - latest.startedAt.getTime()) / 1000,
          bytesSent: latest.bytesSent,
          ggaCount: latest.ggaCount,
          isOpen,
        }
      : null,
    failedLogins,
    accessDaysLeft: active.length > 0 ? Math.max(...active.map((network) => network.daysLeft ?? 0)) : null,
    hasAccess: networks.some((network) => network.state === 'active' || network.state === 'pending'),
  });
  return {
    accountId: account.id,
    accountName: account.name,
    username: account.username,
    status,
    reasons,
    fix,
    timeToFirstFixS: timeToFirstFixS === null ? null : round(timeToFirstFixS, 1),
    correctionAgeS: { p50: histogramPercentile(correctionAgeEdges, merged.age, 0.5), p95: ageP95 },
    satellites,
    hdop: histogramPercentile(hdopEdges, merged.hdop, 0.5),
    baseDistanceKm,
    lastPosition:
      positioned && positioned.lastLatitude !== null && positioned.lastLongitude !== null
        ? {
            lat: positioned.lastLatitude,
            lon: positioned.lastLongitude,
            at: (positioned.lastGgaAt ?? positioned.startedAt).toISOString(),
            fix: (positioned.ggaStats as Partial<GgaStats> | null)?.last ?? null,
          }
        : null,
    station:
      latest?.stationId && latest.stationMountpoint
        ? { id: latest.stationId, mountpoint: latest.stationMountpoint }
        : null,
    isConnected: sessions.some((session) => session.endedAt === null),
    sessionCount: sessions.length,
  };
}

/** Fleet health (issue 33, decision 0079): per NTRIP account, from its recent sessions' GGA aggregates. */
export function createFleetService({ db }: { db: Database }) {
  const repository = createFleetRepository(db);

  const fleet = async (scope: FleetScope): Promise<Fleet> => {
    const now = new Date();
    const accounts = await repository.accounts(scope, now);
    const sessions = await repository.sessions(
      accounts.map((account) => account.id),
      now,
      'stationId' in scope ? scope.stationId : undefined,
    );
    const byAccount = new Map<string, FleetSessionRow[]>();
    for (const session of sessions) {
      const list = byAccount.get(session.accountId);
      if (list) list.push(session);
      else byAccount.set(session.accountId, [session]);
    }
    const healths = accounts.map((account) => accountHealth(account, byAccount.get(account.id) ?? [], now));
    const counts = { good: 0, limited: 0, 'action-required': 0, unknown: 0 };
    for (const health of healths) counts[health.status]++;
    return { windowDays: FLEET_WINDOW_DAYS, counts, accounts: healths };
  };

  return {
    fleet,
    async accountHealth(owner: Owner, accountId: string): Promise<AccountHealth> {
      const { accounts } = await fleet({ owner, accountId });
      const [health] = accounts;
      if (!health) throw new AppError('ACCOUNT_NOT_FOUND', 404, 'No such NTRIP account.');
      return health;
    },
  };
}

export type FleetService = ReturnType<typeof createFleetService>;
