import type { RoverSession } from '../sessions/rover-session';
import type { Catalog, CatalogNetwork, CatalogStation } from '../streams/catalog';
import { Mount } from '../streams/mount';
import type { SourceDependencies } from '../streams/source-connection';
import { StationLiveState } from '../streams/station-live-state';
import {
  type Feed,
  type Linked,
  newFeed,
  type RelayDependencies,
  type RelayLinks,
  type RelayPull,
} from './relay-links';
import { changedSettings, type UpstreamTarget } from './upstream-protocol';

/** A per-rover link's mount is private to its rover. */
type RoverLink = Linked;

type RoverSnapshot = [RoverSession, RoverLink][];

/**
 * nmea=1 stations (VRS, nearest at the upstream; decision 0020 item 5): one upstream connection per rover, fed that
 * rover's GGA, its data going to a private Mount with that rover alone. The station counts as connected while any
 * of its links is up, and its state sums theirs (decision 0034).
 */
export function createRoverLinks(deps: RelayDependencies, links: RelayLinks) {
  const perRover = new Map<RoverSession, RoverLink>();
  /** nmea=1 stations: the station counts as connected while any of its per-rover links is up. */
  const presence = new Map<string, { count: number; state: StationLiveState }>();

  // Per-rover links write no station events each; the station's presence is counted instead.
  const sourceDeps: SourceDependencies = {
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
  const open = (feed: Feed, target: UpstreamTarget) =>
    links.open(feed, target, {
      needsGga: true,
      sourceDeps,
      onUp(source, address, agent) {
        // The station's state sums its rovers' links: bitrate, message counts and rates, last data.
        source.state.aggregate = presenceUp(feed.mount.station, address, agent);
      },
      onData(source) {
        // The station's state shows the latest decoded position of any of its rovers' links.
        const shown = source.state.aggregate;
        if (shown && source.state.position) shown.position = source.state.position;
      },
      onDown(reason) {
        presenceDown(feed.mount.station.id, reason);
      },
    });

  /** Ends a per-rover link's connection and the source it fed; the rover stays. */
  const end = (entry: RoverLink, reason: string) => {
    entry.link.close();
    if (!entry.source) return;
    entry.source.close(reason);
    entry.source = undefined;
    presenceDown(entry.mount.station.id, reason);
  };

  /** The rover's GGA to its link; from the first one on, the upstream is expected to send (station alerts). */
  const forwardGga = (session: RoverSession, entry: RoverLink) => {
    if (!session.lastGgaSentence) return;
    entry.health.wantedSince ??= Date.now();
    entry.link.sendGga(session.lastGgaSentence);
  };

  const drop = (session: RoverSession, reason: string) => {
    const entry = perRover.get(session);
    if (!entry) return;
    perRover.delete(session);
    end(entry, reason);
  };

  return {
    drop,

    /** A rover logged in to an nmea=1 station: its own mount and upstream connection. */
    pull(session: RoverSession, station: CatalogStation, network: CatalogNetwork): void {
      const mount = new Mount(station.mountpoint, station);
      deps.attach(session, mount);
      const target = links.targetOf(station, network);
      if (typeof target === 'string') {
        links.recordError(station, undefined, target);
        return;
      }
      const feed = newFeed(mount, undefined);
      const entry: RoverLink = Object.assign(feed, { link: open(feed, target), target });
      perRover.set(session, entry);
      forwardGga(session, entry);
    },

    /** Forwards the rover's latest GGA to its own link (throttled there); false when it has none. */
    sendGga(session: RoverSession): boolean {
      const own = perRover.get(session);
      if (!own) return false;
      forwardGga(session, own);
      return true;
    },

    snapshot(): RoverSnapshot {
      return [...perRover];
    },

    /** Links in the snapshot follow the catalog (see the relay manager's `followSettings`). */
    follow(catalog: Catalog, before: RoverSnapshot): void {
      for (const [session, entry] of before) {
        if (perRover.get(session) !== entry) continue;
        const next = links.currentTarget(catalog, entry.mount.station);
        if ('gone' in next) {
          drop(session, next.gone);
          continue;
        }
        entry.mount.station = next.station;
        if (changedSettings(entry.target, next.target).length === 0) continue;
        links.retarget(entry, next.target, end, open);
        forwardGga(session, entry);
      }
    },

    stop(): void {
      for (const session of [...perRover.keys()]) drop(session, 'shutdown');
    },

    /** Every link's station and health, for station alerts (a station of several rovers appears once per rover). */
    pulls(): RelayPull[] {
      return [...perRover.values()].map((entry) => ({ station: entry.mount.station, health: entry.health }));
    },

    /** States of nmea=1 stations with links up. */
    liveStates(): StationLiveState[] {
      return [...presence.values()].map((entry) => entry.state);
    },

    get linkCount(): number {
      return perRover.size;
    },
  };
}
