import type { SecretBox } from '@fixpoint/db';
import { greatCircleDistance } from '@fixpoint/rtcm';
import type { CasterLogger } from '../logger';
import type { RoverSession } from '../sessions/rover-session';
import type { Catalog, CatalogNetwork, CatalogStation, CatalogStore } from '../streams/catalog';
import { Mount, type MountRegistry } from '../streams/mount';
import { SourceConnection, type SourceDependencies } from '../streams/source-connection';
import { StationLiveState } from '../streams/station-live-state';
import type { StationStateStore } from '../streams/station-state-store';
import { UpstreamLink } from './upstream-link';
import { changedSettings, type UpstreamTarget } from './upstream-protocol';

/** Close reason of a shared upstream link given up because another caster process pulls the same mount. */
const HANDOVER = 'relay-handover';

/**
 * How often running links are compared with the catalog's upstream settings, so an admin's fix (a password after
 * a 401, a new host) reaches links held by connected rovers, not only new ones. The catalog is cached anyway.
 */
const SETTINGS_CHECK_MS = 2_000;

export interface RelayOptions {
  /** A pulled mount without rovers is let go after this long. */
  idleMs: number;
  silenceMs: number;
  backoffMinMs: number;
  backoffMaxMs: number;
  ggaIntervalMs: number;
  /** As for AUTO mounts: coverage radius times this is the farthest base an AUTO rover may be given. */
  coverageFactor: number;
}

export interface RelayDependencies {
  mounts: MountRegistry;
  /** Where the upstream settings of running links are re-read (cached). */
  catalog: CatalogStore;
  secretBox: SecretBox;
  stateStore: StationStateStore;
  /** The ingest path of hosted sources: framing, live state, station events, AUTO moves on loss. */
  sourceDeps: SourceDependencies;
  /** Puts a rover on a mount (the rover router). */
  attach(session: RoverSession, mount: Mount): void;
  /** A relayed mount came up: AUTO rovers waiting for a base may take it. */
  onSourceUp(mount: Mount): void;
  logger: CasterLogger;
  track(work: Promise<unknown>): void;
  options: RelayOptions;
}

/**
 * Scale-out (decision 0032): the cluster layer tells the relay which shared mounts another process pulls, and hears
 * when this process starts or stops pulling one, so one process per cluster holds each upstream link.
 */
export interface RelayCoordinator {
  /** The process that pulls this mount, when another one does (the lowest instance name if several claim it). */
  pulledElsewhere(mountpoint: string): string | undefined;
  /** The lowest-named other process that has rovers on this mount and follows it (the next puller). */
  firstFollower(mountpoint: string): string | undefined;
  /** This process's pulled mounts changed: announce them now. */
  pullsChanged(): void;
  readonly instance: string;
}

/** What an upstream link's events feed: its mount (whose station it relays) and the source while the link is up. */
interface Feed {
  mount: Mount;
  source: SourceConnection | undefined;
}

interface Linked extends Feed {
  link: UpstreamLink;
  /** What the link dials, compared with the catalog's current settings. */
  target: UpstreamTarget;
}

interface SharedLink extends Linked {
  idleSince: number | undefined;
}

/** A per-rover link's mount is private to its rover. */
type RoverLink = Linked;

/** A station of a relay network as the catalog has it now, or why its links should end. */
type Current = { station: CatalogStation; network: CatalogNetwork } | { gone: string };

/**
 * Relay networks: a station of a relay network is an upstream caster's mount, pulled only while rovers want it.
 * Shared mounts have one upstream connection feeding a normal Mount through the hosted ingest path (framing, live
 * state, AUTO routing, station events), so rovers cannot tell them from hosted ones; the link holds the Mount
 * while it reconnects, so its rovers stay connected. nmea=1 mounts (VRS, nearest at the upstream) get one upstream
 * connection per rover, fed that rover's GGA, and their data goes to a private Mount with that rover alone.
 */
export function createRelayManager(deps: RelayDependencies) {
  const { options, logger } = deps;
  const shared = new Map<string, SharedLink>();
  const perRover = new Map<RoverSession, RoverLink>();
  /** nmea=1 stations: the station counts as connected while any of its per-rover links is up. */
  const presence = new Map<string, { count: number; state: StationLiveState }>();
  let idleTimer: NodeJS.Timeout | undefined;
  let coordinator: RelayCoordinator | undefined;
  /** With a coordinator: shared mounts local rovers asked for, pulled here or followed from another process. */
  const wanted = new Map<string, CatalogNetwork>();

  const targetOf = (station: CatalogStation, network: CatalogNetwork): UpstreamTarget | string => {
    const upstream = network.upstream;
    if (!upstream) return 'no upstream host configured';
    let password: string | null = null;
    if (upstream.passwordEnc) {
      try {
        password = deps.secretBox.decrypt(upstream.passwordEnc);
      } catch {
        return 'upstream password cannot be decrypted (was SECRET_KEY changed?)';
      }
    }
    return {
      host: upstream.host,
      port: upstream.port,
      version: upstream.version,
      username: upstream.username,
      password,
      mountpoint: station.upstreamMountpoint || station.mountpoint,
    };
  };

  const recordError = (station: CatalogStation, target: UpstreamTarget | undefined, message: string) => {
    // Host, port and names only: never the credentials.
    logger.warn(
      {
        mountpoint: station.mountpoint,
        upstream: target && `${target.host}:${target.port}/${target.mountpoint}`,
        error: message,
      },
      'relay: upstream failed',
    );
    deps.track(deps.stateStore.upstreamError(station.id, message));
  };

  const linkOptions = (needsGga: boolean) => ({
    silenceMs: options.silenceMs,
    backoffMinMs: options.backoffMinMs,
    backoffMaxMs: options.backoffMaxMs,
    ggaIntervalMs: options.ggaIntervalMs,
    needsGga,
  });

  const agentOf = (server: string) => (server ? `relay of ${server}` : 'relay');

  // A process handing a shared mount to the one that pulls it already writes no disconnect: the station stays live
  // there, and its state row (one per station) is that process's to write.
  const sharedSourceDeps: SourceDependencies = {
    ...deps.sourceDeps,
    stateStore: {
      ...deps.stateStore,
      disconnected: (state, reason) =>
        reason === HANDOVER ? Promise.resolve() : deps.stateStore.disconnected(state, reason),
    },
  };

  /** The upstream connection of a shared mount. A link is closed before it is replaced, so its events end there. */
  const openShared = (feed: Feed, target: UpstreamTarget): UpstreamLink => {
    const { mount } = feed;
    const address = `${target.host}:${target.port}`;
    return new UpstreamLink(target, linkOptions(false), {
      onUp(server) {
        feed.source = new SourceConnection(
          { mount, address, agent: agentOf(server), isChunked: false },
          sharedSourceDeps,
        );
        logger.info({ mountpoint: mount.mountpoint, upstream: address }, 'relay: upstream connected');
        deps.onSourceUp(mount);
      },
      onData(chunk) {
        feed.source?.push(chunk);
      },
      onDown() {
        // The rovers stay on the mount: they get data again once the link has reconnected.
        feed.source?.close('upstream-lost');
        feed.source = undefined;
      },
      onError(message) {
        recordError(mount.station, target, message);
      },
    });
  };

  /** Starts pulling a shared mount unless it is pulled already. */
  const pull = (mount: Mount, network: CatalogNetwork): void => {
    if (shared.has(mount.mountpoint)) return;
    if (coordinator) {
      wanted.set(mount.mountpoint, network);
      // Another process holds the upstream link: the mount follows its stream through the cluster instead.
      if (coordinator.pulledElsewhere(mount.mountpoint)) return;
    }
    const station = mount.station;
    const target = targetOf(station, network);
    if (typeof target === 'string') {
      recordError(station, undefined, target);
      return;
    }
    mount.isHeld = true;
    const feed: Feed = { mount, source: undefined };
    const entry: SharedLink = Object.assign(feed, { link: openShared(feed, target), target, idleSince: undefined });
    shared.set(mount.mountpoint, entry);
    logger.info({ mountpoint: mount.mountpoint, upstream: entry.link.address }, 'relay: pulling upstream');
    coordinator?.pullsChanged();
  };

  /** Ends a shared link's connection and the source it fed; the rovers stay on the mount. */
  const endShared = (entry: Linked, reason: string) => {
    entry.link.close();
    entry.source?.close(reason);
    entry.source = undefined;
  };

  const release = (entry: SharedLink, reason: string) => {
    shared.delete(entry.mount.mountpoint);
    endShared(entry, reason);
    entry.mount.isHeld = false;
    deps.mounts.release(entry.mount);
    coordinator?.pullsChanged();
  };

  /**
   * Cluster only: a shared mount with local rovers that no process pulls any more (its puller let it go or died)
   * is taken over here; when two processes pull one mount, the one with the higher instance name gives way.
   */
  const reconsider = () => {
    if (!coordinator) return;
    for (const [mountpoint, network] of [...wanted]) {
      const mount = deps.mounts.get(mountpoint);
      const entry = shared.get(mountpoint);
      const elsewhere = coordinator.pulledElsewhere(mountpoint);
      if (entry) {
        if (elsewhere && elsewhere < coordinator.instance) {
          logger.info({ mountpoint, puller: elsewhere }, 'relay: another process pulls this mount, giving way');
          release(entry, HANDOVER);
        }
        continue;
      }
      if (!mount || mount.rovers.size === 0) {
        wanted.delete(mountpoint);
        continue;
      }
      // Of the processes with rovers on it, the one with the lowest instance name takes over, so two followers do not
      // both dial the upstream (if it vanishes, the next one does once its presence has timed out).
      const follower = coordinator.firstFollower(mountpoint);
      if (!elsewhere && !(follower && follower < coordinator.instance)) {
        logger.info({ mountpoint }, 'relay: no process pulls this mount, taking over');
        pull(mount, network);
      }
    }
  };

  const checkIdle = () => {
    const now = Date.now();
    for (const entry of [...shared.values()]) {
      if (entry.mount.rovers.size > 0) entry.idleSince = undefined;
      else if (entry.idleSince === undefined) entry.idleSince = now;
      else if (now - entry.idleSince >= options.idleMs) {
        logger.info({ mountpoint: entry.mount.mountpoint }, 'relay: idle, letting go of the upstream');
        release(entry, 'relay-idle');
      }
    }
    reconsider();
    checkSettings(now);
  };

  // Per-rover links write no station events each; the station's presence is counted instead.
  const roverSourceDeps: SourceDependencies = {
    ...deps.sourceDeps,
    stateStore: {
      ...deps.stateStore,
      connected: async () => {},
      disconnected: async () => {},
    },
    onClosed: () => {},
  };

  /** Counts a per-rover link up; answers the station's state, which sums what all its links receive. */
  const presenceUp = (station: CatalogStation, address: string, agent: string): StationLiveState => {
    const entry = presence.get(station.id);
    if (entry) {
      entry.count++;
      return entry.state;
    }
    const state = new StationLiveState(station.id, address, agent);
    presence.set(station.id, { count: 1, state });
    deps.track(deps.stateStore.connected(state));
    return state;
  };

  const presenceDown = (stationId: string, reason: string) => {
    const entry = presence.get(stationId);
    if (!entry) return;
    if (--entry.count > 0) return;
    presence.delete(stationId);
    deps.track(deps.stateStore.disconnected(entry.state, reason));
  };

  /** The upstream connection of one rover on an nmea=1 station, feeding the rover's private mount. */
  const openForRover = (feed: Feed, target: UpstreamTarget): UpstreamLink => {
    const { mount } = feed;
    const address = `${target.host}:${target.port}`;
    return new UpstreamLink(target, linkOptions(true), {
      onUp(server) {
        feed.source = new SourceConnection(
          { mount, address, agent: agentOf(server), isChunked: false },
          roverSourceDeps,
        );
        // The station's state sums its rovers' links: bitrate, message counts and rates, last data.
        feed.source.state.aggregate = presenceUp(mount.station, address, agentOf(server));
      },
      onData(chunk) {
        const source = feed.source;
        if (!source) return;
        source.push(chunk);
        // The station's state shows the latest decoded position of any of its rovers' links.
        const shown = source.state.aggregate;
        if (shown && source.state.position) shown.position = source.state.position;
      },
      onDown(reason) {
        feed.source?.close('upstream-lost');
        feed.source = undefined;
        presenceDown(mount.station.id, reason);
      },
      onError(message) {
        recordError(mount.station, target, message);
      },
    });
  };

  const pullForRover = (session: RoverSession, station: CatalogStation, network: CatalogNetwork) => {
    const mount = new Mount(station.mountpoint, station);
    deps.attach(session, mount);
    const target = targetOf(station, network);
    if (typeof target === 'string') {
      recordError(station, undefined, target);
      return;
    }
    const feed: Feed = { mount, source: undefined };
    const entry: RoverLink = Object.assign(feed, { link: openForRover(feed, target), target });
    perRover.set(session, entry);
    if (session.lastGgaSentence) entry.link.sendGga(session.lastGgaSentence);
  };

  /** Ends a per-rover link's connection and the source it fed; the rover stays. */
  const endForRover = (entry: RoverLink, reason: string) => {
    entry.link.close();
    if (!entry.source) return;
    entry.source.close(reason);
    entry.source = undefined;
    presenceDown(entry.mount.station.id, reason);
  };

  const dropRoverLink = (session: RoverSession, reason: string) => {
    const entry = perRover.get(session);
    if (!entry) return;
    perRover.delete(session);
    endForRover(entry, reason);
  };

  /**
   * Moves a running link to the target the catalog gives now: a new connection feeding the same mount, so its
   * rovers stay, as across an upstream reconnect. The log names the changed settings, never their values.
   */
  const retarget = (
    entry: Linked,
    target: UpstreamTarget,
    end: (entry: Linked, reason: string) => void,
    open: (feed: Feed, target: UpstreamTarget) => UpstreamLink,
  ) => {
    logger.info(
      {
        mountpoint: entry.mount.mountpoint,
        upstream: `${target.host}:${target.port}/${target.mountpoint}`,
        changed: changedSettings(entry.target, target),
      },
      'relay: upstream settings changed, reconnecting',
    );
    end(entry, 'upstream-changed');
    entry.target = target;
    entry.link = open(entry, target);
  };

  /** The station behind a link as the catalog has it now, or why the link should end. */
  const currentOf = (catalog: Catalog, station: CatalogStation): Current => {
    const now = catalog.stations.get(station.mountpoint);
    if (!now || now.id !== station.id) return { gone: 'station-removed' };
    const network = catalog.networks.get(now.networkId);
    return network?.kind === 'relay' ? { station: now, network } : { gone: 'relay-removed' };
  };

  /** What a link should dial now; unusable settings (host cleared, password unreadable) end it, recorded as usual. */
  const currentTarget = (
    catalog: Catalog,
    station: CatalogStation,
  ): { station: CatalogStation; target: UpstreamTarget } | { gone: string } => {
    const current = currentOf(catalog, station);
    if ('gone' in current) return current;
    const target = targetOf(current.station, current.network);
    if (typeof target === 'string') {
      recordError(current.station, undefined, target);
      return { gone: 'relay-removed' };
    }
    return { station: current.station, target };
  };

  /**
   * Running links follow the catalog: changed upstream settings of the network (host, port, version, account) or
   * of the station (upstream mountpoint) move the link, the rovers kept; a station removed or no longer relayed lets
   * its link go, and its rovers stay on the mount without data, as when a hosted base goes away. Links opened while
   * the catalog was being read are left alone: they were opened from a copy at least as new.
   */
  const followSettings = async () => {
    const sharedBefore = [...shared.values()];
    const roversBefore = [...perRover];
    const wantedBefore = [...wanted.keys()];
    const catalog = await deps.catalog.get();
    for (const entry of sharedBefore) {
      const { mountpoint } = entry.mount;
      if (shared.get(mountpoint) !== entry) continue;
      const next = currentTarget(catalog, entry.mount.station);
      if ('gone' in next) {
        logger.info({ mountpoint, reason: next.gone }, 'relay: station no longer relayed, letting go of the upstream');
        // Not to be taken over either (cluster): no process pulls it any more.
        wanted.delete(mountpoint);
        release(entry, next.gone);
        continue;
      }
      entry.mount.station = next.station;
      if (changedSettings(entry.target, next.target).length > 0) retarget(entry, next.target, endShared, openShared);
    }
    for (const [session, entry] of roversBefore) {
      if (perRover.get(session) !== entry) continue;
      const next = currentTarget(catalog, entry.mount.station);
      if ('gone' in next) {
        dropRoverLink(session, next.gone);
        continue;
      }
      entry.mount.station = next.station;
      if (changedSettings(entry.target, next.target).length === 0) continue;
      retarget(entry, next.target, endForRover, openForRover);
      if (session.lastGgaSentence) entry.link.sendGga(session.lastGgaSentence);
    }
    // A mount followed from another process is taken over with the current settings, and not at all once removed.
    for (const mountpoint of wantedBefore) {
      const station = catalog.stations.get(mountpoint);
      const network = station && catalog.networks.get(station.networkId);
      if (network?.kind === 'relay') {
        if (wanted.has(mountpoint)) wanted.set(mountpoint, network);
      } else wanted.delete(mountpoint);
    }
  };

  let settingsCheckedAt = 0;
  let isCheckingSettings = false;

  /** Runs `followSettings` at most every SETTINGS_CHECK_MS, one at a time, while there are links to follow. */
  const checkSettings = (now: number) => {
    if (isCheckingSettings || now - settingsCheckedAt < SETTINGS_CHECK_MS) return;
    if (shared.size + perRover.size + wanted.size === 0) return;
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

  return {
    start() {
      idleTimer = setInterval(checkIdle, Math.max(50, Math.min(1_000, options.idleMs / 4)));
      idleTimer.unref();
    },

    /** A rover logged in to a station of a relay network. */
    attach(session: RoverSession, station: CatalogStation, network: CatalogNetwork): void {
      if (station.needsGga) {
        pullForRover(session, station, network);
        return;
      }
      const mount = deps.mounts.mountFor(station);
      deps.attach(session, mount);
      pull(mount, network);
      const entry = shared.get(mount.mountpoint);
      if (entry) entry.idleSince = undefined;
    },

    /**
     * A rover sent a GGA with a position: nmea=1 links forward it (throttled). An AUTO rover of a relay network
     * with no base yet makes the nearest station (by its entered position) be pulled; the router puts the rover
     * on it once it is up.
     */
    onRoverPosition(session: RoverSession, stations: readonly CatalogStation[]): void {
      const own = perRover.get(session);
      if (own) {
        if (session.lastGgaSentence) own.link.sendGga(session.lastGgaSentence);
        return;
      }
      const network = session.init.network;
      if (!session.isAuto || session.mount || session.isClosed || network.kind !== 'relay' || !session.lastPosition)
        return;
      const rover = session.lastPosition;
      const limitM = network.coverageRadiusKm * 1000 * options.coverageFactor;
      let nearest: { station: CatalogStation; distance: number } | undefined;
      for (const station of stations) {
        if (station.needsGga || station.latitude === null || station.longitude === null) continue;
        const distance = greatCircleDistance(rover, { latitude: station.latitude, longitude: station.longitude });
        if (distance <= limitM && (!nearest || distance < nearest.distance)) nearest = { station, distance };
      }
      if (nearest) pull(deps.mounts.mountFor(nearest.station), network);
    },

    /** Set by the cluster layer when NATS_URL is configured (unset: every process pulls for its own rovers). */
    set coordinator(value: RelayCoordinator | undefined) {
      coordinator = value;
      if (!value) wanted.clear();
    },

    /** Shared mounts this process holds an upstream link for (up or reconnecting). */
    pulledMountpoints(): string[] {
      return [...shared.keys()];
    },

    /** Shared mounts with rovers here that another process pulls (candidates to take over). */
    followedMountpoints(): string[] {
      const followed: string[] = [];
      for (const mountpoint of wanted.keys()) {
        if (!shared.has(mountpoint) && (deps.mounts.get(mountpoint)?.rovers.size ?? 0) > 0) followed.push(mountpoint);
      }
      return followed;
    },

    /** The cluster's view changed (a peer's presence): take over or give way now, not at the next idle check. */
    reconsider,

    onRoverClosed: (session: RoverSession) => dropRoverLink(session, 'rover-closed'),

    stop(): void {
      clearInterval(idleTimer);
      for (const entry of [...shared.values()]) release(entry, 'shutdown');
      for (const session of [...perRover.keys()]) dropRoverLink(session, 'shutdown');
    },

    /** States of nmea=1 stations with links up (shared links are flushed as the mount's source). */
    liveStates(): StationLiveState[] {
      return [...presence.values()].map((entry) => entry.state);
    },

    /** Upstream connections open or being dialled. */
    get linkCount(): number {
      return shared.size + perRover.size;
    },
  };
}

export type RelayManager = ReturnType<typeof createRelayManager>;
