import { two } from './format';
import { gpsCalendar } from './time';

export interface RinexNameParts {
  /** Mountpoint or marker; the first four letters or digits name the station. */
  station: string;
  /** ISO 3166-1 alpha-3, or empty when unknown (`XXX`). */
  country: string;
  /** Nominal start, GPS ms. */
  start: number;
  /** Length of the window, seconds. */
  periodSeconds: number;
  /** Observation interval, seconds (0: as recorded, named by the stream's rate: 01S). */
  intervalSeconds: number;
}

/** `SSSSMRCCC_S_YYYYDDDHHMM_PPU_FFU_MO.rnx`: RINEX 3.04 long name (table A1) for a data-stream (S) observation file. */
export function observationFileName(parts: RinexNameParts): string {
  return `${body(parts)}_${period(parts.periodSeconds)}_${sampling(parts.intervalSeconds)}_MO.rnx`;
}

/** The navigation file's name has no sampling field. */
export function navigationFileName(parts: RinexNameParts): string {
  return `${body(parts)}_${period(parts.periodSeconds)}_MN.rnx`;
}

function body({ station, country, start }: RinexNameParts): string {
  const marker = `${station.toUpperCase().replace(/[^A-Z0-9]/g, '')}XXXX`.slice(0, 4);
  const code = /^[A-Z]{3}$/.test(country.toUpperCase()) ? country.toUpperCase() : 'XXX';
  const t = gpsCalendar(start);
  const dayOfYear = Math.floor((Date.UTC(t.year, t.month - 1, t.day) - Date.UTC(t.year, 0, 1)) / 86_400_000) + 1;
  return `${marker}00${code}_S_${t.year}${String(dayOfYear).padStart(3, '0')}${two(t.hour)}${two(t.minute)}`;
}

/** The nominal period, rounded up to what two digits of a unit can say. */
function period(seconds: number): string {
  if (seconds % 86_400 === 0) return `${two(seconds / 86_400)}D`;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60 || (minutes < 100 && minutes % 60 !== 0)) return `${two(minutes)}M`;
  return `${two(Math.ceil(minutes / 60))}H`;
}

function sampling(seconds: number): string {
  if (seconds <= 0) return '01S';
  if (seconds < 60) return `${two(seconds)}S`;
  return `${two(Math.round(seconds / 60))}M`;
}
