import type { Msm4Input, Msm4SatelliteInput } from './encoder';
import { type Ecef, ecefToGeodetic, type Geodetic, geodeticToEcef } from './geodesy';
import { msmEpochTime } from './gnss-time';
import { msmMessageType } from './msm';
import { LIGHT_MS_METRES } from './msm4';

// A toy sky for a simulated base station: circular orbits in evenly spaced planes, Earth rotation, an elevation mask,
// and ranges with made-up but smooth atmospheric delays. It looks like a real MSM4 stream to a caster or a decoder;
// it is not GNSS-accurate and must never be used for positioning.

interface SignalModel {
  id: number;
  frequencyMHz: number;
  /** Receivers track the second frequency a little less strongly. */
  cnrOffset: number;
}

interface OrbitModel {
  radiusM: number;
  inclinationDeg: number;
  periodS: number;
  planes: number;
  perPlane: number;
  signals: readonly SignalModel[];
}

export type SimulatedConstellation = 'GPS' | 'GLONASS' | 'Galileo' | 'BeiDou';

const ORBITS: Record<SimulatedConstellation, OrbitModel> = {
  GPS: {
    radiusM: 26_560_000,
    inclinationDeg: 55,
    periodS: 43_082,
    planes: 6,
    perPlane: 4,
    signals: [
      { id: 2, frequencyMHz: 1575.42, cnrOffset: 0 },
      { id: 16, frequencyMHz: 1227.6, cnrOffset: -5 },
    ],
  },
  GLONASS: {
    radiusM: 25_510_000,
    inclinationDeg: 64.8,
    periodS: 40_544,
    planes: 3,
    perPlane: 8,
    signals: [
      { id: 2, frequencyMHz: 1602, cnrOffset: -1 },
      { id: 8, frequencyMHz: 1246, cnrOffset: -4 },
    ],
  },
  Galileo: {
    radiusM: 29_600_000,
    inclinationDeg: 56,
    periodS: 50_680,
    planes: 3,
    perPlane: 8,
    signals: [
      { id: 2, frequencyMHz: 1575.42, cnrOffset: 0 },
      { id: 23, frequencyMHz: 1176.45, cnrOffset: 1 },
    ],
  },
  BeiDou: {
    radiusM: 27_906_000,
    inclinationDeg: 55,
    periodS: 46_380,
    planes: 3,
    perPlane: 8,
    signals: [
      { id: 2, frequencyMHz: 1561.098, cnrOffset: -1 },
      { id: 14, frequencyMHz: 1207.14, cnrOffset: -3 },
    ],
  },
};

const EARTH_ROTATION_RAD_S = 7.2921151467e-5;
const DEG = Math.PI / 180;
/** Sets of 24 MEO satellites give 8-12 in view: well under the 64 MSM cells with two signals each. */
const DEFAULT_CONSTELLATIONS: readonly SimulatedConstellation[] = ['GPS', 'GLONASS', 'Galileo', 'BeiDou'];

export interface SimulateEpochOptions {
  stationId: number;
  /** The epoch, UTC. */
  time: Date | number;
  /** Where the base stands (also what its 1005/1006 should say). */
  position: Ecef | Geodetic;
  constellations?: readonly SimulatedConstellation[];
  elevationMaskDeg?: number;
}

/**
 * One epoch of plausible MSM4 content per constellation, ready for encodeMsm4. The multiple-message bit is set on
 * all but the last, as a receiver does for one epoch spread over several messages.
 */
export function simulateEpoch(options: SimulateEpochOptions): Msm4Input[] {
  const station = 'x' in options.position ? options.position : geodeticToEcef(options.position);
  const up = upVector(station);
  const timeMs = typeof options.time === 'number' ? options.time : options.time.getTime();
  const constellations = options.constellations ?? DEFAULT_CONSTELLATIONS;
  return constellations.map((constellation, index) => ({
    messageType: msmMessageType(constellation, 4),
    stationId: options.stationId,
    epochTime: msmEpochTime(constellation, timeMs),
    multipleMessage: index < constellations.length - 1,
    satellites: visibleSatellites(ORBITS[constellation], station, up, timeMs / 1000, options.elevationMaskDeg ?? 10),
  }));
}

function visibleSatellites(
  orbit: OrbitModel,
  station: Ecef,
  up: Ecef,
  timeS: number,
  elevationMaskDeg: number,
): Msm4SatelliteInput[] {
  const satellites: Msm4SatelliteInput[] = [];
  for (let index = 0; index < orbit.planes * orbit.perPlane; index++) {
    const position = satellitePosition(orbit, index, timeS);
    const line = { x: position.x - station.x, y: position.y - station.y, z: position.z - station.z };
    const range = Math.hypot(line.x, line.y, line.z);
    const elevationDeg = Math.asin((line.x * up.x + line.y * up.y + line.z * up.z) / range) / DEG;
    if (elevationDeg < elevationMaskDeg) continue;
    satellites.push(observe(orbit, index + 1, range, elevationDeg));
  }
  return satellites;
}

function satellitePosition(orbit: OrbitModel, index: number, timeS: number): Ecef {
  const plane = Math.floor(index / orbit.perPlane);
  const slot = index % orbit.perPlane;
  const node = ((plane * 360) / orbit.planes) * DEG;
  // Neighbouring planes are phased so satellites do not line up; the whole set moves with the orbital period.
  const argument = ((slot * 360) / orbit.perPlane + plane * 15) * DEG + (2 * Math.PI * timeS) / orbit.periodS;
  const inclination = orbit.inclinationDeg * DEG;
  const inertial = {
    x:
      orbit.radiusM *
      (Math.cos(argument) * Math.cos(node) - Math.sin(argument) * Math.cos(inclination) * Math.sin(node)),
    y:
      orbit.radiusM *
      (Math.cos(argument) * Math.sin(node) + Math.sin(argument) * Math.cos(inclination) * Math.cos(node)),
    z: orbit.radiusM * Math.sin(argument) * Math.sin(inclination),
  };
  const earth = (EARTH_ROTATION_RAD_S * timeS) % (2 * Math.PI);
  return {
    x: inertial.x * Math.cos(earth) + inertial.y * Math.sin(earth),
    y: -inertial.x * Math.sin(earth) + inertial.y * Math.cos(earth),
    z: inertial.z,
  };
}

function observe(orbit: OrbitModel, id: number, rangeM: number, elevationDeg: number): Msm4SatelliteInput {
  const sinElevation = Math.sin(elevationDeg * DEG);
  const troposphereM = 2.4 / (sinElevation + 0.02);
  const ionosphereL1M = 4 / Math.sqrt(0.1 + sinElevation);
  // A fixed per-satellite carrier offset, as an unresolved integer ambiguity would give.
  const carrierOffsetM = ((id * 7919) % 2000) / 10 - 100;
  return {
    id,
    signals: orbit.signals.map((signal) => {
      const ionosphereM = ionosphereL1M * (1575.42 / signal.frequencyMHz) ** 2;
      return {
        id: signal.id,
        pseudorangeMs: (rangeM + troposphereM + ionosphereM) / LIGHT_MS_METRES,
        phaseRangeMs: (rangeM + troposphereM - ionosphereM + carrierOffsetM) / LIGHT_MS_METRES,
        lockTimeIndicator: 15,
        halfCycleAmbiguity: false,
        cnr: Math.round(32 + 16 * sinElevation + signal.cnrOffset),
      };
    }),
  };
}

function upVector(station: Ecef): Ecef {
  const { latitude, longitude } = ecefToGeodetic(station);
  return {
    x: Math.cos(latitude * DEG) * Math.cos(longitude * DEG),
    y: Math.cos(latitude * DEG) * Math.sin(longitude * DEG),
    z: Math.sin(latitude * DEG),
  };
}
