import {
  type RINEX_INTERVALS,
  RINEX_SYSTEMS,
  type RinexRequest,
  type RinexStation,
  rinexRequestSchema,
} from '@fixpoint/shared';
import { useState } from 'react';
import {
  fromInputs,
  lastMinutes,
  minuteMs,
  retentionStart,
  type TimeWindow,
  toInputs,
  type WindowInputs,
  windowProblem,
} from '../../../lib/rinex-time';

export type RinexInterval = (typeof RINEX_INTERVALS)[number];
export type RinexSystem = (typeof RINEX_SYSTEMS)[number];

export const defaultInterval: RinexInterval = 1;

/** The last recorded hour of a station, or the last hour when it has recorded nothing. */
function lastRecordedHour(station: RinexStation, now: number): TimeWindow {
  const last = station.lastDataAt ? Math.min(Date.parse(station.lastDataAt), now) : now;
  return lastMinutes(60, last);
}

/**
 * What the surveyor is about to buy: station, window (the four UTC inputs), interval and systems, with what is wrong
 * with it and the request it makes once nothing is. Choosing a station moves an untouched window to its last hour.
 */
export function useRinexDraft(stations: readonly RinexStation[]) {
  const [stationId, setStationId] = useState<string | null>(null);
  const [inputs, setInputs] = useState<WindowInputs>(() => toInputs(lastMinutes(60, Date.now())));
  const [isWindowTouched, setIsWindowTouched] = useState(false);
  const [interval, setIntervalSeconds] = useState<RinexInterval>(defaultInterval);
  const [systems, setSystems] = useState<RinexSystem[]>([...RINEX_SYSTEMS]);

  const now = Date.now();
  const station = stations.find((s) => s.id === stationId) ?? null;
  const window = fromInputs(inputs);
  const problem = station ? windowProblem(window, now, retentionStart(station, now) - minuteMs) : null;

  const chooseStation = (id: string | null) => {
    setStationId(id);
    const next = stations.find((s) => s.id === id);
    if (next && !isWindowTouched) setInputs(toInputs(lastRecordedHour(next, Date.now())));
  };

  const setWindow = (next: TimeWindow) => {
    setInputs(toInputs(next));
    setIsWindowTouched(true);
  };

  const editInputs = (next: WindowInputs) => {
    setInputs(next);
    setIsWindowTouched(true);
  };

  const toggleSystems = (next: string[]) => setSystems(RINEX_SYSTEMS.filter((system) => next.includes(system)));

  let request: RinexRequest | null = null;
  if (station && window && !problem && systems.length > 0) {
    const parsed = rinexRequestSchema.safeParse({
      stationId: station.id,
      from: new Date(window.from).toISOString(),
      to: new Date(window.to).toISOString(),
      interval,
      // Every system is the server's default: the request leaves it out.
      systems: systems.length === RINEX_SYSTEMS.length ? undefined : systems.join(''),
    });
    request = parsed.success ? parsed.data : null;
  }

  return {
    station,
    chooseStation,
    inputs,
    editInputs,
    window,
    setWindow,
    problem,
    interval,
    setInterval: setIntervalSeconds,
    systems,
    setSystems: toggleSystems,
    request,
  };
}

export type RinexDraft = ReturnType<typeof useRinexDraft>;
