import { type Database, schema } from '@fixpoint/db';
import { eq, sql } from 'drizzle-orm';
import type { CasterLogger } from '../logger';
import type { RelayPull } from '../relay/relay-links';
import type { Catalog, CatalogStore } from '../streams/catalog';
import type { MountRegistry } from '../streams/mount';
import type { StationLiveState } from '../streams/station-live-state';
import { DegradationDetector, type DegradationOptions, type DegradationReason } from './degradation';

export interface StationAlertOptions {
  /** A station silent this long is down (CASTER_SOURCE_TIMEOUT_SECONDS: the caster drops its source then too). */
  sourceTimeoutMs: number;
  /** A station whose alert state changed less than this long ago keeps it (a flapping base: one down, one up). */
  holdMs: number;
  /** How often live states are looked at (in memory; the database only on a change). */
  tickMs: number;
  /** How often the stations declared up are read back from the database (those another process may hold). */
  refreshMs: number;
  /** Degraded (rate below half the usual, a usual message type missing, a position jump): windows and thresholds. */
  degradation: DegradationOptions;
  /** How often each hosted source's statistics are looked at for degradation (a few seconds, not per message). */
  degradationCheckMs: number;
}

type AlertState = 'up' | 'down' | 'degraded';

interface Known {
  state: AlertState;
  /** Until then a change is held (the database decides; this only saves asking it every tick). */
  heldUntil: number;
}

/**
 * Station up/down alerts (issue 31, decision 0076), detected where the live state is. Every tick each caster process
 * looks at its own hosted sources (up while data arrives) and at every station the database says is up: a station
 * not live here, nor elsewhere (NATS presence), nor recently flushed by any process (station_states.last_data_at)
 * for `sourceTimeoutMs` is down. A change is recorded by `declareStationState`, under the station's row lock, so
 * however many processes see one outage, it is one `alert_events` row; the server fans it out. A hosted source that
 * is live but, by its statistics looked at every `degradationCheckMs`, sends below half its usual rate, misses a
 * usual message type or moved its antenna position is `degraded` (alerts/degradation.ts), recorded the same way.
 */
export function createStationAlerts({
  db,
  mounts,
  catalog,
  logger,
  options,
  track,
  relayPulls = () => [],
}: {
  db: Database;
  mounts: MountRegistry;
  catalog: CatalogStore;
  logger: CasterLogger;
  options: StationAlertOptions;
  track(work: Promise<unknown>): void;
  /** The relayed stations this process pulls now (the relay manager's `pulls`). */
  relayPulls?: () => readonly RelayPull[];
}) {
  const startedAt = Date.now();
  const known = new Map<string, Known>();
  /** Last sign of life flushed to the database by any process, per station id (read with the refresh). */
  const flushedDataAt = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let lastRefresh = 0;
  let isTicking = false;
  /** One detector per connection (a reconnected base starts afresh), looked at every `degradationCheckMs`. */
  const detectors = new WeakMap<StationLiveState, { detector: DegradationDetector; lookedAt: number }>();

  function degradationOf(state: StationLiveState, now: number): readonly DegradationReason[] {
    let entry = detectors.get(state);
    if (!entry) {
      entry = { detector: new DegradationDetector(options.degradation), lookedAt: 0 };
      detectors.set(state, entry);
    }
    if (now - entry.lookedAt < options.degradationCheckMs) return entry.detector.reasons;
    entry.lookedAt = now;
    return entry.detector.look({
      now,
      bytesIn: state.bytesIn,
      lastDataAt: state.lastDataAt,
      types: state.typeTallies(),
      position: state.position,
    });
  }

  async function refresh(now: number) {
    const a = schema.stationAlertStates;
    const s = schema.stationStates;
    const rows = await db
      .select({ stationId: a.stationId, state: a.state, changedAt: a.changedAt, lastDataAt: s.lastDataAt })
      .from(a)
      .leftJoin(s, eq(s.stationId, a.stationId));
    known.clear();
    flushedDataAt.clear();
    for (const row of rows) {
      known.set(row.stationId, { state: row.state, heldUntil: row.changedAt.getTime() + options.holdMs });
      if (row.lastDataAt) flushedDataAt.set(row.stationId, row.lastDataAt.getTime());
    }
    lastRefresh = now;
  }

  async function declare(station: AlertStation, state: AlertState, at: Date, details?: AlertDetails) {
    const result = await declareStationState(db, { station, state, at, holdMs: options.holdMs, ...details });
    known.set(station.id, { state: result.state, heldUntil: result.changedAt.getTime() + options.holdMs });
    if (result.recorded) {
      logger.info({ mountpoint: station.mountpoint, state }, `station alert: ${station.mountpoint} is ${state}`);
    }
  }

  /** Declares `wanted` unless the station is in that state already, or its last change is held (a flapping base). */
  function change(station: AlertStation, wanted: AlertState, at: Date, details?: AlertDetails) {
    const was = known.get(station.id);
    if (was?.state === wanted || (was && Date.now() < was.heldUntil)) return undefined;
    return declare(station, wanted, at, details);
  }

  /** Up, or degraded when its live state's statistics say so (a hosted base, a shared relay's source). */
  const liveVerdict = (state: StationLiveState | undefined, now: number) => {
    const reasons = state ? degradationOf(state, now) : [];
    return { state: reasons.length > 0 ? ('degraded' as const) : ('up' as const), reasons };
  };

  /**
   * Relayed stations this process pulls (decision 0081): up (or degraded, judged from a shared link's source as a
   * hosted base's) while the upstream sends; down once it has sent nothing for the source timeout while a rover
   * wanted it, because it refused (401, 404, connection refused), did not answer, or went silent. A relay nobody
   * pulls is not judged: it keeps the state its last pull left, as the status page does.
   */
  function judgeRelays(now: number, current: Catalog): Promise<void>[] {
    const byStation = new Map<string, RelayPull[]>();
    for (const pull of relayPulls()) {
      const pulls = byStation.get(pull.station.id);
      if (pulls) pulls.push(pull);
      else byStation.set(pull.station.id, [pull]);
    }
    return [...byStation.values()].flatMap((pulls) => {
      const { id, mountpoint, networkId } = (pulls[0] as RelayPull).station;
      if (current.networks.get(networkId)?.kind !== 'relay') return [];
      const station = { id, mountpoint, networkId };
      const elsewhere = mounts.observer?.liveElsewhere(mountpoint);
      const heard = Math.max(
        0,
        ...pulls.map((pull) => pull.health.lastDataAt ?? 0),
        elsewhere ? now - elsewhere.idleMs : 0,
        flushedDataAt.get(id) ?? 0,
      );
      if (now - heard < options.sourceTimeoutMs) {
        const verdict = liveVerdict(pulls.find((pull) => pull.state)?.state, now);
        return change(station, verdict.state, new Date(now), { reasons: verdict.reasons }) ?? [];
      }
      const wanted = pulls.flatMap((pull) => pull.health.wantedSince ?? []);
      if (wanted.length === 0) return [];
      // Silent since the pull began, or since its last data when it had some.
      const silentSince = Math.max(heard, Math.min(...wanted));
      if (now - silentSince < options.sourceTimeoutMs) return [];
      // Its latest failure since the last data ("401 Unauthorized", "connection refused"); an upstream that accepted
      // and went quiet has none yet (the link waits out its own silence timer): said as the link would say it.
      const failures = pulls.flatMap((pull) => pull.health.lastError ?? []).filter((error) => error.at > heard);
      const latest = failures.sort((a, b) => b.at - a.at)[0]?.message;
      const upstreamError = latest ?? `no data for ${Math.round((now - silentSince) / 1000)} s`;
      return change(station, 'down', new Date(silentSince), { upstreamError }) ?? [];
    });
  }

  async function tick() {
    if (isTicking) return;
    isTicking = true;
    try {
      const now = Date.now();
      if (now - lastRefresh >= options.refreshMs) await refresh(now);
      const current = await catalog.get();
      const changes: Promise<void>[] = [];
      const byId = new Map([...current.stations.values()].map((station) => [station.id, station]));
      const seenLocally = new Set<string>();
      // This process's own hosted sources: up while they send.
      for (const mount of mounts.all()) {
        const source = mount.source;
        if (!source || source.isRemote || source.passwordHash === undefined) continue;
        const network = current.networks.get(mount.station.networkId);
        if (network?.kind !== 'hosted') continue;
        const station = { id: mount.station.id, mountpoint: mount.mountpoint, networkId: network.id };
        const isLive = now - source.lastDataAt < options.sourceTimeoutMs;
        if (!isLive) continue;
        seenLocally.add(station.id);
        const verdict = liveVerdict(source.state, now);
        const pending = change(station, verdict.state, new Date(now), { reasons: verdict.reasons });
        if (pending) changes.push(pending);
      }
      changes.push(...judgeRelays(now, current));
      // Every station declared up (or degraded), wherever it is held: down once nobody has heard from it for the timeout.
      for (const [stationId, was] of known) {
        if (was.state === 'down' || seenLocally.has(stationId) || now < was.heldUntil) continue;
        const catalogStation = byId.get(stationId);
        // Deleted or disabled by an operator: not an outage to report.
        if (!catalogStation) continue;
        const network = current.networks.get(catalogStation.networkId);
        if (network?.kind !== 'hosted') continue;
        const mountpoint = catalogStation.mountpoint;
        const local = mounts.get(mountpoint)?.source;
        const elsewhere = mounts.observer?.liveElsewhere(mountpoint);
        const lastHeard = Math.max(
          local ? local.lastDataAt : 0,
          elsewhere ? now - elsewhere.idleMs : 0,
          flushedDataAt.get(stationId) ?? 0,
          // A process that just started has heard nothing yet: it gives the others the timeout to be heard.
          startedAt,
        );
        if (now - lastHeard < options.sourceTimeoutMs) continue;
        const station = { id: stationId, mountpoint, networkId: network.id };
        changes.push(declare(station, 'down', new Date(lastHeard)));
      }
      await Promise.all(changes);
    } catch (error) {
      logger.error({ err: error }, 'station alerts: tick failed');
    } finally {
      isTicking = false;
    }
  }

  return {
    tick,
    start() {
      timer = setInterval(() => track(tick()), options.tickMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}

export type StationAlerts = ReturnType<typeof createStationAlerts>;

/** What a change carries besides the state: why a station is degraded, or why a relayed station's upstream failed. */
export interface AlertDetails {
  reasons?: readonly DegradationReason[] | undefined;
  upstreamError?: string | undefined;
}

export interface AlertStation {
  id: string;
  mountpoint: string;
  networkId: string;
}

/**
 * Changes a station's alert state under its row lock and records the change as an alert event, once: a process that
 * finds the state already changed (another process saw the same outage) records nothing, and so does one that finds
 * it changed less than `holdMs` ago (a flapping base). A station's first state, up, is recorded without an event:
 * there is nothing to recover from. `at`: when it went silent (down) or came back (up).
 */
export async function declareStationState(
  db: Database,
  {
    station,
    state,
    at,
    holdMs,
    reasons,
    upstreamError,
  }: { station: AlertStation; state: AlertState; at: Date; holdMs: number } & AlertDetails,
): Promise<{ state: AlertState; changedAt: Date; recorded: boolean }> {
  const a = schema.stationAlertStates;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(a)
      .values({ stationId: station.id, state: 'up' })
      .onConflictDoNothing()
      .returning({ changedAt: a.changedAt });
    const [row] = await tx
      .select({ state: a.state, changedAt: a.changedAt })
      .from(a)
      .where(eq(a.stationId, station.id))
      .for('update');
    if (!row) throw new Error(`station ${station.id} has no alert state`);
    if (inserted.length > 0 && state === 'up') return { ...row, recorded: false };
    const isFirst = inserted.length > 0;
    if (row.state === state || (!isFirst && Date.now() - row.changedAt.getTime() < holdMs)) {
      return { ...row, recorded: false };
    }
    const [changed] = await tx
      .update(a)
      .set({ state, changedAt: sql`now()` })
      .where(eq(a.stationId, station.id))
      .returning({ changedAt: a.changedAt });
    const changedAt = changed?.changedAt ?? new Date();
    await tx
      .insert(schema.alertEvents)
      .values({
        kind: `station-${state}` as const,
        stationId: station.id,
        data: {
          stationId: station.id,
          mountpoint: station.mountpoint,
          networkId: station.networkId,
          ...(state === 'degraded' && { reasons: reasons ?? [] }),
          // A relayed station's upstream failure, as the feed page shows it ("401 Unauthorized", "no data for 10 s").
          ...(state === 'down' && upstreamError && { upstreamError }),
          // Back to normal from degraded, not back from an outage: the text says so.
          ...(state === 'up' && row.state === 'degraded' && { recovered: 'degraded' }),
        },
        dedupeKey: `station-${state}:${station.id}:${changedAt.toISOString()}`,
        occurredAt: at,
      })
      .onConflictDoNothing();
    return { state, changedAt, recorded: true };
  });
}
