import { greatCircleDistance, type LatLon } from '@fixpoint/rtcm';

export interface BaseChoice<T> {
  base: T;
  distanceM: number;
}

/**
 * The nearest base to the rover, with hysteresis: the current base is kept unless another is nearer by more than
 * `hysteresisM`, so a rover halfway between two bases does not flip between them (each switch costs it a re-fix).
 */
export function chooseBase<T extends LatLon>(
  rover: LatLon,
  candidates: readonly T[],
  current: T | undefined,
  hysteresisM: number,
): BaseChoice<T> | undefined {
  let best: BaseChoice<T> | undefined;
  let currentDistance: number | undefined;
  for (const base of candidates) {
    const distanceM = greatCircleDistance(rover, base);
    if (base === current) currentDistance = distanceM;
    if (!best || distanceM < best.distanceM) best = { base, distanceM };
  }
  if (current && currentDistance !== undefined && best && best.distanceM + hysteresisM >= currentDistance) {
    return { base: current, distanceM: currentDistance };
  }
  return best;
}

/** Distance to the nearest of `positions`, or undefined when there are none. */
export function nearestDistance(rover: LatLon, positions: readonly LatLon[]): number | undefined {
  let nearest: number | undefined;
  for (const position of positions) {
    const distance = greatCircleDistance(rover, position);
    if (nearest === undefined || distance < nearest) nearest = distance;
  }
  return nearest;
}
