import type { ArchiveCoverage, RinexJob, RinexStation } from '@fixpoint/shared';
import { stubUser } from '../../../testing/fixtures';

/** Test data and a stubbed API for the RINEX page's tests. */
export const stationId = '7f1c2a8e-5a0b-4c1e-9d5e-2f4b6c8d0a11';
const otherStationId = '0b9d4e6f-1c2a-4b3c-8d7e-6f5a4b3c2d1e';
const now = Date.now();

export const rinexStation = (extra: Partial<RinexStation> = {}): RinexStation => ({
  id: stationId,
  mountpoint: 'EIJS00NLD',
  networkId: 'n1',
  networkName: 'Demo Network',
  countryCode: 'NLD',
  latitude: 50.76,
  longitude: 5.68,
  hourlyPrice: 3,
  retentionDays: 30,
  firstDataAt: new Date(now - 10 * 86_400_000).toISOString(),
  lastDataAt: new Date(now - 5 * 60_000).toISOString(),
  ...extra,
});

export const stations = [
  rinexStation(),
  rinexStation({ id: otherStationId, mountpoint: 'KOSG00NLD', networkName: 'Other Network', hourlyPrice: 5 }),
];

export const rinexJob = (extra: Partial<RinexJob> = {}): RinexJob => ({
  id: 'b2c3d4e5-0000-4000-8000-000000000001',
  stationId,
  mountpoint: 'EIJS00NLD',
  networkName: 'Demo Network',
  from: '2026-11-24T10:00:00.000Z',
  to: '2026-11-24T11:00:00.000Z',
  interval: 1,
  systems: '',
  status: 'queued',
  progress: 0,
  coveredSeconds: 3600,
  credits: 3,
  error: null,
  fileName: null,
  bytes: null,
  epochs: null,
  ephemerides: null,
  expiresAt: null,
  createdAt: '2026-11-24T11:05:00.000Z',
  finishedAt: null,
  ...extra,
});

/** The archive's answer for a window: `share` of every hour recorded, priced at 3 credits an hour. */
export function coverageOf(url: URL, share: number): ArchiveCoverage {
  const from = Date.parse(url.searchParams.get('from') ?? '');
  const to = Date.parse(url.searchParams.get('to') ?? '');
  const hours: ArchiveCoverage['hours'] = [];
  for (let hour = Math.floor(from / 3_600_000) * 3_600_000; hour < to; hour += 3_600_000) {
    const span = (Math.min(hour + 3_600_000, to) - Math.max(hour, from)) / 1000;
    hours.push({ hour: new Date(hour).toISOString(), seconds: Math.round(span * share) });
  }
  const coveredSeconds = Math.round(((to - from) / 1000) * share);
  return {
    stationId: url.pathname.split('/').at(-2) ?? '',
    mountpoint: 'EIJS00NLD',
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    hourlyPrice: 3,
    coveredSeconds,
    credits: Math.ceil((coveredSeconds * 3) / 3600),
    intervals: [],
    hours,
  };
}

type Answer = { status?: number; body?: unknown } | undefined;

/**
 * A signed-in user with `balance` credits; the archive records `share` of every hour; POST /rinex answers `created`
 * and each GET of the job the next of `progress` (the last one repeats). Requests are recorded.
 */
export function stubRinex({
  balance = 1250,
  list = stations,
  share = 1,
  jobs = [],
  created = { status: 201, body: rinexJob() },
  progress = [],
  prefix = '/api',
  extra = () => undefined,
}: {
  balance?: number;
  list?: RinexStation[];
  share?: number;
  jobs?: RinexJob[];
  created?: Answer;
  progress?: RinexJob[];
  prefix?: string;
  extra?: (url: URL, method: string) => Answer;
} = {}) {
  const posted: unknown[] = [];
  let polls = 0;
  const calls = stubUser({ overview: { tokenAmount: balance } }, (url, init) => {
    const method = init?.method ?? 'GET';
    const path = url.pathname;
    const custom = extra(url, method);
    if (custom) return custom;
    if (path === `${prefix}/rinex/stations`) return { body: { stations: list } };
    if (path.startsWith(`${prefix}/stations/`) && path.endsWith('/archive')) return { body: coverageOf(url, share) };
    if (path === `${prefix}/rinex` && method === 'POST') {
      posted.push(JSON.parse(String(init?.body)));
      return created;
    }
    if (path === `${prefix}/rinex`) return { body: { jobs } };
    if (path.startsWith(`${prefix}/rinex/`)) {
      const job = progress[Math.min(polls, progress.length - 1)];
      polls += 1;
      return job ? { body: job } : { status: 404, body: { code: 'RINEX_NOT_FOUND', message: 'No such RINEX file.' } };
    }
    return undefined;
  });
  return { posted, calls };
}
