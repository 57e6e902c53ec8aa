import type { CasterLogger } from '../logger';
import type { Catalog, CatalogNetwork } from '../streams/catalog';
import type { Mount, MountRegistry } from '../streams/mount';

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

export interface PullCoordinationDependencies {
  mounts: MountRegistry;
  logger: CasterLogger;
  /** Whether this process holds the upstream link of a shared mount. */
  isPulled(mountpoint: string): boolean;
  /** Lets go of this process's link: another process pulls the mount too and has the lower name. */
  giveWay(mountpoint: string): void;
  /** Pulls a mount here that no process pulls any more. */
  takeOver(mount: Mount, network: CatalogNetwork): void;
}

/**
 * Which process of a cluster pulls each shared relayed mount (decision 0032). Without a coordinator (no NATS_URL)
 * every process pulls for its own rovers and nothing is kept here.
 */
export function createPullCoordination(deps: PullCoordinationDependencies) {
  const { logger } = deps;
  let coordinator: RelayCoordinator | undefined;
  /** With a coordinator: shared mounts local rovers asked for, pulled here or followed from another process. */
  const wanted = new Map<string, CatalogNetwork>();

  return {
    /** Local rovers want a mount: whether this process should dial it (not when another process pulls it). */
    claim(mountpoint: string, network: CatalogNetwork): boolean {
      if (!coordinator) return true;
      wanted.set(mountpoint, network);
      // Another process holds the upstream link: the mount follows its stream through the cluster instead.
      return !coordinator.pulledElsewhere(mountpoint);
    },

    pullsChanged(): void {
      coordinator?.pullsChanged();
    },

    /**
     * Cluster only: a shared mount with local rovers that no process pulls any more (its puller let it go or died)
     * is taken over here; when two processes pull one mount, the one with the higher instance name gives way.
     */
    reconsider(): void {
      if (!coordinator) return;
      for (const [mountpoint, network] of [...wanted]) {
        const mount = deps.mounts.get(mountpoint);
        const elsewhere = coordinator.pulledElsewhere(mountpoint);
        if (deps.isPulled(mountpoint)) {
          if (elsewhere && elsewhere < coordinator.instance) {
            logger.info({ mountpoint, puller: elsewhere }, 'relay: another process pulls this mount, giving way');
            deps.giveWay(mountpoint);
          }
          continue;
        }
        if (!mount || mount.rovers.size === 0) {
          wanted.delete(mountpoint);
          continue;
        }
        // Of the processes with rovers on it, the one with the lowest instance name takes over, so two followers do
        // not both dial the upstream (if it vanishes, the next one does once its presence has timed out).
        const follower = coordinator.firstFollower(mountpoint);
        if (!elsewhere && !(follower && follower < coordinator.instance)) {
          logger.info({ mountpoint }, 'relay: no process pulls this mount, taking over');
          deps.takeOver(mount, network);
        }
      }
    },

    /** A mount no longer relayed: not to be taken over either, since no process pulls it any more. */
    forget(mountpoint: string): void {
      wanted.delete(mountpoint);
    },

    snapshot(): string[] {
      return [...wanted.keys()];
    },

    /** A mount followed from another process is taken over with the current settings, and not at all once removed. */
    follow(catalog: Catalog, before: readonly string[]): void {
      for (const mountpoint of before) {
        const station = catalog.stations.get(mountpoint);
        const network = station && catalog.networks.get(station.networkId);
        if (network?.kind === 'relay') {
          if (wanted.has(mountpoint)) wanted.set(mountpoint, network);
        } else wanted.delete(mountpoint);
      }
    },

    /** Shared mounts with rovers here that another process pulls (candidates to take over). */
    followed(): string[] {
      const followed: string[] = [];
      for (const mountpoint of wanted.keys()) {
        if (!deps.isPulled(mountpoint) && (deps.mounts.get(mountpoint)?.rovers.size ?? 0) > 0)
          followed.push(mountpoint);
      }
      return followed;
    },

    set coordinator(value: RelayCoordinator | undefined) {
      coordinator = value;
      if (!value) wanted.clear();
    },

    get size(): number {
      return wanted.size;
    },
  };
}
