import { encode1006, encodeMsm4, type Geodetic, geodeticToEcef, simulateEpoch } from '@fixpoint/rtcm';
import type { LocalSource } from '../caster';

export interface SimulatedStationInput {
  stationId: number;
  position: Geodetic;
}

/**
 * One second of a simulated base station's RTCM 3: MSM4 for four constellations every epoch, 1006 (position and
 * antenna height) every 10th second, as a real base sends its position rarely.
 */
export function simulatedEpochBytes(input: SimulatedStationInput, time: number): Buffer {
  const frames: Uint8Array[] = [];
  const second = Math.floor(time / 1000);
  if (second % 10 === 0) {
    frames.push(
      encode1006({
        stationId: input.stationId,
        ecef: geodeticToEcef(input.position),
        gps: true,
        glonass: true,
        galileo: true,
        antennaHeight: 0,
      }),
    );
  }
  for (const message of simulateEpoch({ stationId: input.stationId, time: second * 1000, position: input.position })) {
    frames.push(encodeMsm4(message));
  }
  return Buffer.concat(frames);
}

/**
 * The epoch (a whole second) a tick at `now` sends. Timers fire a few ms early as well as late: a tick meant for
 * second s that fires at s - 0.002 still sends s, so no epoch goes out twice and none is skipped.
 */
export const epochSecondAt = (now: number) => Math.floor((now + 100) / 1000);

/** Feeds a local source at 1 Hz on whole seconds until stopped, each epoch once. */
export function runSimulatedStation(source: LocalSource, input: SimulatedStationInput): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let sent: number | undefined;
  const tick = () => {
    if (source.isClosed) return;
    const second = epochSecondAt(Date.now());
    if (second !== sent) source.push(simulatedEpochBytes(input, second * 1000));
    sent = second;
    timer = setTimeout(tick, Math.max((second + 1) * 1000 - Date.now(), 0));
    timer.unref();
  };
  tick();
  return {
    stop() {
      clearTimeout(timer);
      source.close();
    },
  };
}
