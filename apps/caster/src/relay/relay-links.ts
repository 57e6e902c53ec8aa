import type { SecretBox } from '@fixpoint/db';
import type { CasterLogger } from '../logger';
import type { RoverSession } from '../sessions/rover-session';
import type { Catalog, CatalogNetwork, CatalogStation, CatalogStore } from '../streams/catalog';
import type { Mount, MountRegistry } from '../streams/mount';
import { SourceConnection, type SourceDependencies } from '../streams/source-connection';
import type { StationLiveState } from '../streams/station-live-state';
import type { StationStateStore } from '../streams/station-state-store';
import { UpstreamLink } from './upstream-link';
import { changedSettings, type UpstreamTarget } from './upstream-protocol';

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

/** What an upstream link's events feed: its mount (whose station it relays) and the source while the link is up. */
export interface Feed {
  mount: Mount;
  source: SourceConnection | undefined;
  /** What station alerts judge a relayed station by while it is pulled (decision 0081). */
  health: PullHealth;
}

/** A pull's history for station alerts: since when data is expected, the latest data and the latest failure. */
export interface PullHealth {
  /** Since when the upstream should be sending: the pull began (nmea=1: the rover's first GGA was handed on). */
  wantedSince: number | undefined;
  lastDataAt: number | undefined;
  lastError: { message: string; at: number } | undefined;
}

/**
 * A relayed station as this process pulls it, for station alerts: its health, and for a shared link that is up the
 * live state its source keeps (judged for degradation as a hosted base's).
 */
export interface RelayPull {
  station: CatalogStation;
  health: PullHealth;
  state?: StationLiveState | undefined;
}

/** A new feed for a mount: nothing received yet. */
export const newFeed = (mount: Mount, wantedSince: number | undefined): Feed => ({
  mount,
  source: undefined,
  health: { wantedSince, lastDataAt: undefined, lastError: undefined },
});

export interface Linked extends Feed {
  link: UpstreamLink;
  /** What the link dials, compared with the catalog's current settings. */
  target: UpstreamTarget;
}

/** How one kind of link (shared or per rover) feeds its source, beyond what every link does. */
export interface FeedHooks {
  /** nmea=1 links: the upstream sends nothing before a GGA. */
  needsGga: boolean;
  /** The ingest of the source the link feeds while it is up. */
  sourceDeps: SourceDependencies;
  onUp(source: SourceConnection, address: string, agent: string): void;
  /** After a chunk went into the source. */
  onData?(source: SourceConnection): void;
  /** After the source closed with the connection (`upstream-lost`). */
  onDown?(reason: string): void;
}

/** A station of a relay network as the catalog has it now, or why its links should end. */
type Current = { station: CatalogStation; network: CatalogNetwork } | { gone: string };

/**
 * What shared and per-rover links have in common (decision 0020): the target a station's link dials, how a failure
 * is recorded for the feed page, the upstream connection feeding a mount's source, and moving a running link to the
 * settings the catalog gives now.
 */
export function createRelayLinks(deps: RelayDependencies) {
  const { options, logger } = deps;

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

  const agentOf = (server: string) => (server ? `relay of ${server}` : 'relay');

  /** The upstream connection feeding `feed`. A link is closed before it is replaced, so its events end there. */
  const open = (feed: Feed, target: UpstreamTarget, hooks: FeedHooks): UpstreamLink => {
    const { mount } = feed;
    const address = `${target.host}:${target.port}`;
    const linkOptions = {
      silenceMs: options.silenceMs,
      backoffMinMs: options.backoffMinMs,
      backoffMaxMs: options.backoffMaxMs,
      ggaIntervalMs: options.ggaIntervalMs,
      needsGga: hooks.needsGga,
    };
    return new UpstreamLink(target, linkOptions, {
      onUp(server) {
        const agent = agentOf(server);
        const source = new SourceConnection({ mount, address, agent, isChunked: false }, hooks.sourceDeps);
        feed.source = source;
        hooks.onUp(source, address, agent);
      },
      onData(chunk) {
        feed.health.lastDataAt = Date.now();
        const source = feed.source;
        if (!source) return;
        source.push(chunk);
        hooks.onData?.(source);
      },
      onDown(reason) {
        feed.source?.close('upstream-lost');
        feed.source = undefined;
        hooks.onDown?.(reason);
      },
      onError(message) {
        feed.health.lastError = { message, at: Date.now() };
        recordError(mount.station, target, message);
      },
    });
  };

  /**
   * Moves a running link to the target the catalog gives now: a new connection feeding the same mount, so its
   * rovers stay, as across an upstream reconnect. The log names the changed settings, never their values.
   */
  const retarget = <Entry extends Linked>(
    entry: Entry,
    target: UpstreamTarget,
    end: (entry: Entry, reason: string) => void,
    reopen: (feed: Feed, target: UpstreamTarget) => UpstreamLink,
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
    entry.link = reopen(entry, target);
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

  return { targetOf, recordError, open, retarget, currentTarget };
}

export type RelayLinks = ReturnType<typeof createRelayLinks>;
