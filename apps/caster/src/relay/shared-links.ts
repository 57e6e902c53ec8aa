import type { Catalog, CatalogNetwork } from '../streams/catalog';
import type { Mount } from '../streams/mount';
import type { SourceDependencies } from '../streams/source-connection';
import { createPullCoordination, type RelayCoordinator } from './pull-coordination';
import {
  type Feed,
  type Linked,
  newFeed,
  type RelayDependencies,
  type RelayLinks,
  type RelayPull,
} from './relay-links';
import { changedSettings, type UpstreamTarget } from './upstream-protocol';

/** Close reason of a shared upstream link given up because another caster process pulls the same mount. */
const HANDOVER = 'relay-handover';

interface SharedLink extends Linked {
  idleSince: number | undefined;
}

/** What `follow` compares with the catalog: the links and wanted mounts there were before it was read. */
interface SharedSnapshot {
  links: SharedLink[];
  wanted: string[];
}

/**
 * Shared relayed mounts (decision 0020): one upstream connection feeding a normal Mount through the hosted ingest
 * path, held while it reconnects and let go once the mount has had no rovers for the idle time. In a cluster one
 * process pulls each such mount and the others follow it (decision 0032).
 */
export function createSharedLinks(deps: RelayDependencies, links: RelayLinks) {
  const { options, logger } = deps;
  const shared = new Map<string, SharedLink>();
  const coordination = createPullCoordination({
    mounts: deps.mounts,
    logger,
    isPulled: (mountpoint) => shared.has(mountpoint),
    giveWay(mountpoint) {
      const entry = shared.get(mountpoint);
      if (entry) release(entry, HANDOVER);
    },
    takeOver: (mount, network) => pull(mount, network),
  });

  // A process handing a shared mount to the one that pulls it already writes no disconnect: the station stays live
  // there, and its state row (one per station) is that process's to write.
  const sourceDeps: SourceDependencies = {
    ...deps.sourceDeps,
    stateStore: {
      ...deps.stateStore,
      disconnected: (state, reason) =>
        reason === HANDOVER ? Promise.resolve() : deps.stateStore.disconnected(state, reason),
    },
  };

  const open = (feed: Feed, target: UpstreamTarget) =>
    links.open(feed, target, {
      needsGga: false,
      sourceDeps,
      onUp(_source, address) {
        logger.info({ mountpoint: feed.mount.mountpoint, upstream: address }, 'relay: upstream connected');
        deps.onSourceUp(feed.mount);
      },
      // onDown: the rovers stay on the mount; they get data again once the link has reconnected.
    });

  /** Starts pulling a shared mount unless it is pulled already. */
  const pull = (mount: Mount, network: CatalogNetwork): void => {
    if (shared.has(mount.mountpoint) || !coordination.claim(mount.mountpoint, network)) return;
    const station = mount.station;
    const target = links.targetOf(station, network);
    if (typeof target === 'string') {
      links.recordError(station, undefined, target);
      return;
    }
    mount.isHeld = true;
    const feed = newFeed(mount, Date.now());
    const entry: SharedLink = Object.assign(feed, { link: open(feed, target), target, idleSince: undefined });
    shared.set(mount.mountpoint, entry);
    logger.info({ mountpoint: mount.mountpoint, upstream: entry.link.address }, 'relay: pulling upstream');
    coordination.pullsChanged();
  };

  /** Ends a shared link's connection and the source it fed; the rovers stay on the mount. */
  const end = (entry: Linked, reason: string) => {
    entry.link.close();
    entry.source?.close(reason);
    entry.source = undefined;
  };

  const release = (entry: SharedLink, reason: string) => {
    shared.delete(entry.mount.mountpoint);
    end(entry, reason);
    entry.mount.isHeld = false;
    deps.mounts.release(entry.mount);
    coordination.pullsChanged();
  };

  return {
    pull,
    reconsider: coordination.reconsider,

    /** A rover came onto a pulled mount: it is not idle. */
    markInUse(mountpoint: string): void {
      const entry = shared.get(mountpoint);
      if (entry) entry.idleSince = undefined;
    },

    /** Lets go of mounts that have had no rovers for the idle time. */
    releaseIdle(now: number): void {
      for (const entry of [...shared.values()]) {
        if (entry.mount.rovers.size > 0) entry.idleSince = undefined;
        else if (entry.idleSince === undefined) entry.idleSince = now;
        else if (now - entry.idleSince >= options.idleMs) {
          logger.info({ mountpoint: entry.mount.mountpoint }, 'relay: idle, letting go of the upstream');
          release(entry, 'relay-idle');
        }
      }
    },

    snapshot(): SharedSnapshot {
      return { links: [...shared.values()], wanted: coordination.snapshot() };
    },

    /**
     * Links in the snapshot follow the catalog (see the relay manager's `followSettings`); a station removed or no
     * longer relayed lets its link go.
     */
    follow(catalog: Catalog, before: SharedSnapshot): void {
      for (const entry of before.links) {
        const { mountpoint } = entry.mount;
        if (shared.get(mountpoint) !== entry) continue;
        const next = links.currentTarget(catalog, entry.mount.station);
        if ('gone' in next) {
          logger.info(
            { mountpoint, reason: next.gone },
            'relay: station no longer relayed, letting go of the upstream',
          );
          coordination.forget(mountpoint);
          release(entry, next.gone);
          continue;
        }
        entry.mount.station = next.station;
        if (changedSettings(entry.target, next.target).length > 0) links.retarget(entry, next.target, end, open);
      }
      coordination.follow(catalog, before.wanted);
    },

    set coordinator(value: RelayCoordinator | undefined) {
      coordination.coordinator = value;
    },

    /** Every shared link's station and health, with the source's live state while the link is up. */
    pulls(): RelayPull[] {
      return [...shared.values()].map((entry) => ({
        station: entry.mount.station,
        health: entry.health,
        state: entry.source?.state,
      }));
    },

    pulledMountpoints(): string[] {
      return [...shared.keys()];
    },

    followedMountpoints: (): string[] => coordination.followed(),

    stop(): void {
      for (const entry of [...shared.values()]) release(entry, 'shutdown');
    },

    /** Upstream connections open or being dialled. */
    get linkCount(): number {
      return shared.size;
    },

    /** Mounts pulled here or followed from another process: the settings check has something to follow. */
    get followCount(): number {
      return shared.size + coordination.size;
    },
  };
}

export type SharedLinks = ReturnType<typeof createSharedLinks>;
