import { greatCircleDistance } from '@fixpoint/rtcm';
import type { RoverSession } from '../sessions/rover-session';
import type { CatalogNetwork, CatalogStation } from '../streams/catalog';
import type { StationLiveState } from '../streams/station-live-state';
import type { RelayCoordinator } from './pull-coordination';
import { createRelayLinks, type RelayDependencies, type RelayPull } from './relay-links';
import { createRoverLinks } from './rover-links';
import { createSharedLinks } from './shared-links';

/**
 * How often running links are compared with the catalog's upstream settings, so an admin's fix (a password after
 * a 401, a new host) reaches links held by connected rovers, not only new ones. The catalog is cached anyway.
 */
const SETTINGS_CHECK_MS = 2_000;

/**
 * Relay networks: a station of a relay network is an upstream caster's mount, pulled only while rovers want it.
 * Shared mounts have one upstream connection feeding a normal Mount through the hosted ingest path (framing, live
 * state, AUTO routing, station events), so rovers cannot tell them from hosted ones; the link holds the Mount
 * while it reconnects, so its rovers stay connected (`shared-links.ts`). nmea=1 mounts (VRS, nearest at the
 * upstream) get one upstream connection per rover, fed that rover's GGA, and their data goes to a private Mount
 * with that rover alone (`rover-links.ts`). This file routes rovers to them and keeps them following the catalog.
 */
export function createRelayManager(deps: RelayDependencies) {
  const { options, logger } = deps;
  const links = createRelayLinks(deps);
  const shared = createSharedLinks(deps, links);
  const perRover = createRoverLinks(deps, links);
  let idleTimer: NodeJS.Timeout | undefined;
  let settingsCheckedAt = 0;
  let isCheckingSettings = false;

  /**
   * Running links follow the catalog: changed upstream settings of the network (host, port, version, account) or
   * of the station (upstream mountpoint) move the link, the rovers kept; a station removed or no longer relayed lets
   * its link go, and its rovers stay on the mount without data, as when a hosted base goes away. Links opened while
   * the catalog was being read are left alone: they were opened from a copy at least as new.
   */
  const followSettings = async () => {
    const sharedBefore = shared.snapshot();
    const roversBefore = perRover.snapshot();
    const catalog = await deps.catalog.get();
    shared.follow(catalog, sharedBefore);
    perRover.follow(catalog, roversBefore);
  };

  /** Runs `followSettings` at most every SETTINGS_CHECK_MS, one at a time, while there are links to follow. */
  const checkSettings = (now: number) => {
    if (isCheckingSettings || now - settingsCheckedAt < SETTINGS_CHECK_MS) return;
    if (shared.followCount + perRover.linkCount === 0) return;
    settingsCheckedAt = now;
    isCheckingSettings = true;
    deps.track(
      followSettings()
        .catch((error: unknown) => logger.warn({ err: error }, 'relay: checking upstream settings failed'))
        .finally(() => {
          isCheckingSettings = false;
        }),
    );
  };

  const checkIdle = () => {
    const now = Date.now();
    shared.releaseIdle(now);
    shared.reconsider();
    checkSettings(now);
  };

  /** The station of a relay network nearest to an AUTO rover, within the coverage limit (nmea=1 ones excluded). */
  const nearestStation = (session: RoverSession, network: CatalogNetwork, stations: readonly CatalogStation[]) => {
    const rover = session.lastPosition;
    if (!rover) return undefined;
    const limitM = network.coverageRadiusKm * 1000 * options.coverageFactor;
    let nearest: { station: CatalogStation; distance: number } | undefined;
    for (const station of stations) {
      if (station.needsGga || station.latitude === null || station.longitude === null) continue;
      const distance = greatCircleDistance(rover, { latitude: station.latitude, longitude: station.longitude });
      if (distance <= limitM && (!nearest || distance < nearest.distance)) nearest = { station, distance };
    }
    return nearest?.station;
  };

  return {
    start() {
      idleTimer = setInterval(checkIdle, Math.max(50, Math.min(1_000, options.idleMs / 4)));
      idleTimer.unref();
    },

    /** A rover logged in to a station of a relay network. */
    attach(session: RoverSession, station: CatalogStation, network: CatalogNetwork): void {
      if (station.needsGga) {
        perRover.pull(session, station, network);
        return;
      }
      const mount = deps.mounts.mountFor(station);
      deps.attach(session, mount);
      shared.pull(mount, network);
      shared.markInUse(mount.mountpoint);
    },

    /**
     * A rover sent a GGA with a position: nmea=1 links forward it (throttled). An AUTO rover of a relay network
     * with no base yet makes the nearest station (by its entered position) be pulled; the router puts the rover
     * on it once it is up.
     */
    onRoverPosition(session: RoverSession, stations: readonly CatalogStation[]): void {
      if (perRover.sendGga(session)) return;
      const network = session.init.network;
      if (!session.isAuto || session.mount || session.isClosed || network.kind !== 'relay' || !session.lastPosition)
        return;
      const nearest = nearestStation(session, network, stations);
      if (nearest) shared.pull(deps.mounts.mountFor(nearest), network);
    },

    /** Set by the cluster layer when NATS_URL is configured (unset: every process pulls for its own rovers). */
    set coordinator(value: RelayCoordinator | undefined) {
      shared.coordinator = value;
    },

    /** Shared mounts this process holds an upstream link for (up or reconnecting). */
    pulledMountpoints: (): string[] => shared.pulledMountpoints(),

    /** Shared mounts with rovers here that another process pulls (candidates to take over). */
    followedMountpoints: (): string[] => shared.followedMountpoints(),

    /** The cluster's view changed (a peer's presence): take over or give way now, not at the next idle check. */
    reconsider: shared.reconsider,

    onRoverClosed: (session: RoverSession) => perRover.drop(session, 'rover-closed'),

    stop(): void {
      clearInterval(idleTimer);
      shared.stop();
      perRover.stop();
    },

    /** The relayed stations this process pulls now, and how their upstream does (station alerts, decision 0081). */
    pulls: (): RelayPull[] => [...shared.pulls(), ...perRover.pulls()],

    /** States of nmea=1 stations with links up (shared links are flushed as the mount's source). */
    liveStates(): StationLiveState[] {
      return perRover.liveStates();
    },

    /** Upstream connections open or being dialled. */
    get linkCount(): number {
      return shared.linkCount + perRover.linkCount;
    },
  };
}

export type RelayManager = ReturnType<typeof createRelayManager>;
