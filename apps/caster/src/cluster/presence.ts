import type { LatLon } from '@fixpoint/rtcm';
import type { RelayManager } from '../relay/relay-manager';
import { type MountRegistry, positionOf } from '../streams/mount';
import type { PresenceMessage } from './subjects';

export interface PeerStation {
  position: LatLon | undefined;
  idleMs: number;
  seenAt: number;
}

interface Peer {
  stations: Map<string, PeerStation>;
  /** Relayed mounts this peer holds an upstream link for. */
  relays: Set<string>;
  /** Relayed mounts this peer has rovers on and follows from another process. */
  follows: Set<string>;
  seenAt: number;
}

/** A station's source held by another process, and which one. */
export interface Origin {
  instance: string;
  station: PeerStation;
}

/** This process's presence (decision 0023 item 4): the sources it holds, and its relayed mounts (decision 0032). */
export function presenceOf(
  instance: string,
  mounts: MountRegistry,
  relay: RelayManager | undefined,
  isLeaving = false,
): PresenceMessage {
  const now = Date.now();
  const stations: PresenceMessage['stations'] = [];
  if (!isLeaving) {
    for (const mount of mounts.all()) {
      const source = mount.source;
      if (!source || source.isRemote) continue;
      const position = positionOf(mount);
      stations.push({ mountpoint: mount.mountpoint, ...position, idleMs: now - source.lastDataAt });
    }
  }
  const relays = isLeaving ? [] : (relay?.pulledMountpoints() ?? []);
  const follows = isLeaving ? [] : (relay?.followedMountpoints() ?? []);
  return {
    instance,
    stations,
    ...(relays.length > 0 && { relays }),
    ...(follows.length > 0 && { follows }),
    ...(isLeaving && { isLeaving }),
  };
}

/** The lowest instance name among the peers for which `has` holds. */
function lowest(peers: Map<string, Peer>, has: (peer: Peer) => boolean): string | undefined {
  let first: string | undefined;
  for (const [instance, peer] of peers) {
    if (has(peer) && (first === undefined || instance < first)) first = instance;
  }
  return first;
}

/** What this process knows of the other processes: their latest presence, forgotten after three silent heartbeats. */
export function createPeers() {
  const peers = new Map<string, Peer>();

  return {
    /** Takes a peer's presence in; answers whether the peer is new here (it should learn ours at once). */
    heard(presence: PresenceMessage): boolean {
      if (presence.isLeaving) {
        peers.delete(presence.instance);
        return false;
      }
      const isNew = !peers.has(presence.instance);
      const seenAt = Date.now();
      peers.set(presence.instance, {
        seenAt,
        relays: new Set(presence.relays ?? []),
        follows: new Set(presence.follows ?? []),
        stations: new Map(
          presence.stations.map((station) => [
            station.mountpoint,
            {
              position:
                station.latitude !== undefined && station.longitude !== undefined
                  ? { latitude: station.latitude, longitude: station.longitude }
                  : undefined,
              idleMs: station.idleMs ?? 0,
              seenAt,
            },
          ]),
        ),
      });
      return isNew;
    },

    /** Forgets peers not heard from for longer than `maxSilenceMs`. */
    expire(now: number, maxSilenceMs: number): void {
      for (const [instance, peer] of peers) if (now - peer.seenAt > maxSilenceMs) peers.delete(instance);
    },

    /** The peer holding a mount's source; two holding one (a race): the one whose source spoke last. */
    originOf(mountpoint: string): Origin | undefined {
      let best: Origin | undefined;
      for (const [instance, peer] of peers) {
        const station = peer.stations.get(mountpoint);
        if (station && (!best || station.idleMs < best.station.idleMs)) {
          best = { instance, station };
        }
      }
      return best;
    },

    /** The process that pulls a relayed mount (the lowest instance name if several claim it). */
    pulledElsewhere: (mountpoint: string) => lowest(peers, (peer) => peer.relays.has(mountpoint)),

    /** The lowest-named process that has rovers on a relayed mount and follows it (the next puller). */
    firstFollower: (mountpoint: string) => lowest(peers, (peer) => peer.follows.has(mountpoint)),

    get size(): number {
      return peers.size;
    },
  };
}

export type Peers = ReturnType<typeof createPeers>;
