import { greatCircleDistance, type LatLon } from '@fixpoint/rtcm';
import type { RoverSession } from '../sessions/rover-session';
import type { Mount, MountRegistry } from './mount';
import { positionOf } from './mount';
import { chooseBase, nearestDistance } from './nearest-base';

export interface RoverRouterOptions {
  hysteresisM: number;
  reevaluateMs: number;
  coverageFactor: number;
  /** A rover of an AUTO mount beyond coverage: the caster refuses it (closes and records why). */
  onOutsideCoverage(session: RoverSession, distanceM: number): void;
}

/**
 * Puts rovers on mounts: a station mount at once, an AUTO rover on the nearest live base once its GGA arrives.
 * Moving a rover between mounts happens between two `publish` calls, which carry whole frames only, so a switch
 * never splits a frame.
 */
export function createRoverRouter(mounts: MountRegistry, options: RoverRouterOptions) {
  const attach = (session: RoverSession, mount: Mount) => {
    if (session.mount === mount) return;
    detach(session);
    mount.rovers.add(session);
    session.mount = mount;
    session.stationId = mount.station.id;
  };

  const detach = (session: RoverSession) => {
    const mount = session.mount;
    if (!mount) return;
    mount.rovers.delete(session);
    session.mount = undefined;
    mounts.release(mount);
  };

  const chooseFor = (session: RoverSession, rover: LatLon) => {
    const network = session.init.network;
    const known = session.init.networkStations
      .map((station) => {
        const live = mounts.get(station.mountpoint);
        return live ? positionOf(live) : positionOfStation(station);
      })
      .filter((position): position is LatLon => position !== undefined);
    const limitM = network.coverageRadiusKm * 1000 * options.coverageFactor;
    const nearestKnown = nearestDistance(rover, known);
    if (nearestKnown !== undefined && nearestKnown > limitM) {
      options.onOutsideCoverage(session, nearestKnown);
      return;
    }
    const live = mounts.liveStationsOf(network.id).filter((station) => greatCircleDistance(rover, station) <= limitM);
    const current = live.find((station) => station.mount === session.mount);
    const choice = chooseBase(rover, live, current, options.hysteresisM);
    session.lastChoiceAt = Date.now();
    if (!choice) {
      detach(session);
      session.distanceToBaseM = null;
      return;
    }
    attach(session, choice.base.mount);
    session.distanceToBaseM = Math.round(choice.distanceM);
  };

  return {
    attachStation(session: RoverSession, mount: Mount) {
      attach(session, mount);
    },

    detach,

    onPosition(session: RoverSession, rover: LatLon) {
      if (!session.isAuto) {
        const base = session.mount && positionOf(session.mount);
        session.distanceToBaseM = base ? Math.round(greatCircleDistance(rover, base)) : null;
        return;
      }
      const isDue = !session.mount || Date.now() - session.lastChoiceAt >= options.reevaluateMs;
      if (isDue) chooseFor(session, rover);
      else if (session.mount) {
        const base = positionOf(session.mount);
        if (base) session.distanceToBaseM = Math.round(greatCircleDistance(rover, base));
      }
    },

    /** A base went away: its AUTO rovers move to the next nearest live base right away. */
    onSourceLost(mount: Mount) {
      for (const rover of [...mount.rovers]) {
        const session = rover as RoverSession;
        if (!session.isAuto) continue;
        detach(session);
        if (session.lastPosition) chooseFor(session, session.lastPosition);
      }
    },

    /** A base came online: AUTO rovers of its network that have no base yet get one. */
    onSourceUp(mount: Mount, sessions: Iterable<RoverSession>) {
      for (const session of sessions) {
        if (
          session.isAuto &&
          !session.mount &&
          session.lastPosition &&
          session.init.network.id === mount.station.networkId
        ) {
          chooseFor(session, session.lastPosition);
        }
      }
    },
  };
}

export type RoverRouter = ReturnType<typeof createRoverRouter>;

function positionOfStation(station: { latitude: number | null; longitude: number | null }): LatLon | undefined {
  return station.latitude !== null && station.longitude !== null
    ? { latitude: station.latitude, longitude: station.longitude }
    : undefined;
}
