import type { ObservationEpoch } from './epochs';
import { F, fixed, headerLine, I, two } from './format';
import { isPhaseReference, SYSTEMS, type SystemLetter } from './signals';
import { type CalendarTime, gpsCalendar, leapSecondsAtGps, utcCalendar } from './time';

export interface ObservationHeader {
  program: string;
  runBy: string;
  createdAt: Date;
  comments: string[];
  markerName: string;
  markerNumber?: string;
  agency: string;
  receiver: { serial: string; type: string; version: string };
  antenna: { serial: string; type: string };
  /** ECEF metres, or null when the stream carried no 1005/1006. */
  position: { x: number; y: number; z: number } | null;
  antennaHeight: number;
  /** Observation types per system, e.g. `G: ['C1C', 'L1C', 'D1C', 'S1C']`, in the order written. */
  types: Partial<Record<SystemLetter, string[]>>;
  intervalSeconds: number;
  /** GPS ms. */
  firstEpoch: number;
  lastEpoch: number;
  /** Frequency channel by GLONASS slot. */
  glonassChannels: ReadonlyMap<number, number>;
}

/** The header of a RINEX 3.04 mixed observation file (RINEX.md section 1). */
export function writeObservationHeader(header: ObservationHeader): string {
  const lines: string[] = [];
  const add = (content: string, label: string) => lines.push(headerLine(content, label));
  add(
    `${F(3.04, 9, 2)}${' '.repeat(11)}${'OBSERVATION DATA'.padEnd(20)}${'M: Mixed'.padEnd(20)}`,
    'RINEX VERSION / TYPE',
  );
  add(
    `${header.program.padEnd(20).slice(0, 20)}${header.runBy.padEnd(20).slice(0, 20)}${creationDate(header.createdAt)}`,
    'PGM / RUN BY / DATE',
  );
  for (const comment of header.comments) add(comment, 'COMMENT');
  add(header.markerName, 'MARKER NAME');
  if (header.markerNumber) add(header.markerNumber, 'MARKER NUMBER');
  add('', 'MARKER TYPE');
  add(`${''.padEnd(20)}${header.agency.slice(0, 40)}`, 'OBSERVER / AGENCY');
  const { receiver, antenna } = header;
  add(`${cut(receiver.serial, 20)}${cut(receiver.type, 20)}${cut(receiver.version, 20)}`, 'REC # / TYPE / VERS');
  add(`${cut(antenna.serial, 20)}${cut(antenna.type, 20)}`, 'ANT # / TYPE');
  const position = header.position ?? { x: 0, y: 0, z: 0 };
  add(`${F(position.x, 14, 4)}${F(position.y, 14, 4)}${F(position.z, 14, 4)}`, 'APPROX POSITION XYZ');
  add(`${F(header.antennaHeight, 14, 4)}${F(0, 14, 4)}${F(0, 14, 4)}`, 'ANTENNA: DELTA H/E/N');
  for (const system of SYSTEMS) {
    const types = header.types[system];
    if (!types?.length) continue;
    for (let i = 0; i < types.length; i += 13) {
      const prefix = i === 0 ? `${system}  ${I(types.length, 3)}` : ' '.repeat(6);
      add(
        prefix +
          types
            .slice(i, i + 13)
            .map((type) => ` ${type}`)
            .join(''),
        'SYS / # / OBS TYPES',
      );
    }
  }
  add('DBHZ', 'SIGNAL STRENGTH UNIT');
  if (header.intervalSeconds > 0) add(F(header.intervalSeconds, 10, 3), 'INTERVAL');
  add(`${epochFields(gpsCalendar(header.firstEpoch))}     GPS`, 'TIME OF FIRST OBS');
  add(`${epochFields(gpsCalendar(header.lastEpoch))}     GPS`, 'TIME OF LAST OBS');
  for (const system of SYSTEMS) {
    for (const type of header.types[system] ?? []) {
      if (type[0] !== 'L') continue;
      const code = type.slice(1);
      add(`${system} ${type}${isPhaseReference(system, code) ? '' : ` ${F(0, 8, 5)}`}`, 'SYS / PHASE SHIFT');
    }
  }
  lines.push(...glonassSlotLines(header.glonassChannels));
  add(' C1C    0.000 C1P    0.000 C2C    0.000 C2P    0.000', 'GLONASS COD/PHS/BIS');
  add(I(leapSecondsAtGps(header.firstEpoch), 6), 'LEAP SECONDS');
  add('', 'END OF HEADER');
  return `${lines.join('\n')}\n`;
}

function glonassSlotLines(channels: ReadonlyMap<number, number>): string[] {
  const slots = [...channels.entries()].sort(([a], [b]) => a - b);
  const lines: string[] = [];
  for (let i = 0; i < Math.max(slots.length, 1); i += 8) {
    const prefix = i === 0 ? `${I(slots.length, 3)} ` : ' '.repeat(4);
    const pairs = slots.slice(i, i + 8).map(([slot, k]) => `R${two(slot)} ${I(k, 2)} `);
    lines.push(headerLine(prefix + pairs.join(''), 'GLONASS SLOT / FRQ #'));
  }
  return lines;
}

const cut = (text: string, width: number): string => text.slice(0, width).padEnd(width);

function creationDate(date: Date): string {
  const t = utcCalendar(date.getTime());
  return `${t.year}${two(t.month)}${two(t.day)} ${two(t.hour)}${two(t.minute)}${two(Math.floor(t.second))} UTC`;
}

/** `5I6,F13.7` with zero-padded fields as convbin writes them. */
function epochFields(t: CalendarTime): string {
  const pad = (value: number) => two(value).padStart(6);
  return `${I(t.year, 6)}${pad(t.month)}${pad(t.day)}${pad(t.hour)}${pad(t.minute)}${secondsField(t.second, 13)}`;
}

function secondsField(seconds: number, width: number): string {
  const text = fixed(seconds, 7);
  return (seconds < 10 ? `0${text}` : text).padStart(width);
}

/** One epoch: the `>` line, then one line per satellite with its values in the header's type order. */
export function writeObservationEpoch(epoch: ObservationEpoch, types: Partial<Record<SystemLetter, string[]>>): string {
  const t = gpsCalendar(epoch.time);
  const head = `> ${t.year} ${two(t.month)} ${two(t.day)} ${two(t.hour)} ${two(t.minute)}${secondsField(t.second, 11)}  0${I(epoch.satellites.length, 3)}`;
  const lines = [head.padEnd(56)];
  for (const { satellite, signals } of epoch.satellites) {
    const systemTypes = types[satellite[0] as SystemLetter] ?? [];
    let line = satellite;
    for (const type of systemTypes) {
      const signal = signals.find((s) => s.code === type.slice(1));
      line += observationField(type[0] as string, signal);
    }
    lines.push(line);
  }
  return `${lines.join('\n')}\n`;
}

type Signal = ObservationEpoch['satellites'][number]['signals'][number];

/** F14.3, then the LLI digit for phases (blank when 0), then a blank SSI (convbin writes none). */
function observationField(kind: string, signal: Signal | undefined): string {
  const value = observedValue(kind, signal);
  const text = value === undefined || value === 0 || Math.abs(value) >= 1e9 ? ' '.repeat(14) : F(value, 14, 3);
  const lli = kind === 'L' && signal && value !== undefined && signal.lli & 3 ? String(signal.lli & 3) : ' ';
  return `${text}${lli} `;
}

function observedValue(kind: string, signal: Signal | undefined): number | undefined {
  if (!signal) return undefined;
  if (kind === 'C') return signal.pseudorange;
  if (kind === 'L') return signal.phase;
  if (kind === 'D') return signal.doppler;
  if (kind === 'S' && signal.cnr !== undefined) return Math.floor(signal.cnr * 1000 + 0.5) / 1000;
  return undefined;
}
