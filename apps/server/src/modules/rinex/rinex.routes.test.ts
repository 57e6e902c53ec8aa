import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { createLocalArchiveStore } from '@fixpoint/caster';
import { schema } from '@fixpoint/db';
import {
  BitWriter,
  encode1006,
  encodeFrame,
  encodeMsm4,
  geodeticToEcef,
  observationEpochSpan,
  RtcmFramer,
  simulateEpoch,
} from '@fixpoint/rtcm';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork, signInAdmin, signUpUser } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

const gzipAsync = promisify(gzip);
const position = { latitude: 52.0, longitude: 4.37, height: 40 };

/** A GPS ephemeris (1019) of satellite G03: the fields are zeros, enough for a navigation record. */
const gpsEphemeris = () => {
  const writer = new BitWriter().writeUnsigned(1019, 12).writeUnsigned(3, 6);
  while (writer.bitLength < 488) writer.writeUnsigned(0, 8);
  return encodeFrame(writer.toBytes());
};

/** `seconds` of a simulated 1 Hz base from `start` (MSM4 of four systems and a 1006 every 10 s), as frames. */
function stream(start: number, seconds: number, options: { withEphemeris?: boolean } = {}): Uint8Array[] {
  const ecef = geodeticToEcef(position);
  const frames: Uint8Array[] = options.withEphemeris ? [gpsEphemeris()] : [];
  for (let time = start; time < start + seconds * 1000; time += 1000) {
    if ((time / 1000) % 10 === 0) frames.push(encode1006({ stationId: 42, ecef, antennaHeight: 1.5 }));
    for (const message of simulateEpoch({ stationId: 42, time, position })) frames.push(encodeMsm4(message));
  }
  return frames;
}

/** Stores frames as one archive segment, as the caster's segment writer does (the epoch span read from them). */
async function storeSegment(
  t: TestApp,
  station: { id: string; networkId: string },
  frames: Uint8Array[],
  arrival: { from: number; to: number },
) {
  const store = createLocalArchiveStore(join(t.dataDir, 'archive'));
  const raw = Buffer.concat(frames);
  const key = `stations/${station.id}/${arrival.from}.rtcm.gz`;
  const stored = await gzipAsync(raw);
  await store.put(key, stored);
  const span = observationEpochSpan(raw, arrival.from);
  await t.database.db.insert(schema.archiveSegments).values({
    stationId: station.id,
    networkId: station.networkId,
    objectKey: key,
    startedAt: new Date(arrival.from),
    endedAt: new Date(arrival.to),
    frames: frames.length,
    rawBytes: raw.length,
    storedBytes: stored.length,
    firstEpochAt: span && new Date(span.first),
    lastEpochAt: span && new Date(span.last),
  });
}

/** Records `seconds` of the simulated base into the archive, one segment per minute, as they arrive live. */
async function record(
  t: TestApp,
  station: { id: string; networkId: string },
  start: number,
  seconds: number,
  options: { withEphemeris?: boolean } = {},
) {
  for (let minute = 0; minute * 60 < seconds; minute++) {
    const from = start + minute * 60_000;
    const to = Math.min(start + seconds * 1000, from + 60_000);
    const frames = stream(from, (to - from) / 1000, { withEphemeris: options.withEphemeris && minute === 0 });
    await storeSegment(t, station, frames, { from, to: to - 1000 });
  }
}

describe('RINEX on demand', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let user: Awaited<ReturnType<typeof signUpUser>>;
  let stranger: Awaited<ReturnType<typeof signUpUser>>;
  let station: { id: string; networkId: string; mountpoint: string };
  /** Whole minutes, ten minutes ago: two minutes of data. */
  const start = Math.floor((Date.now() - 10 * 60_000) / 60_000) * 60_000;
  const window = { from: new Date(start).toISOString(), to: new Date(start + 120_000).toISOString() };

  const grant = (userId: string, tokenAmount: number) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/tokens',
      query: { userId, tokenAmount: String(tokenAmount) },
      headers: admin,
    });
  const balance = async (headers: { authorization: string }) =>
    (await t.app.inject({ url: '/api/user', headers })).json().tokenAmount as number;
  const buy = (headers: { authorization: string }, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/rinex', payload, headers });

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signInAdmin(t)).headers;
    user = await signUpUser(t, 'Surveyor Sam');
    stranger = await signUpUser(t, 'Someone Else');
    const network = await seedNetwork(t.database.db, { rinexHourlyPrice: 30, countryCode: 'NLD' }, 1);
    const [row] = await t.database.db.select().from(schema.stations).where(eq(schema.stations.networkId, network.id));
    station = { id: row?.id as string, networkId: network.id, mountpoint: row?.mountpoint as string };
    await record(t, station, start, 120);
  });
  afterAll(() => t.close());

  it('lists the recorded station with its price, and the coverage and price of a window', async () => {
    const stations = await t.app.inject({ url: '/api/rinex/stations', headers: user.headers });
    expect(stations.statusCode).toBe(200);
    expect(stations.json().stations).toEqual([
      expect.objectContaining({ id: station.id, mountpoint: station.mountpoint, hourlyPrice: 30, countryCode: 'NLD' }),
    ]);
    const coverage = await t.app.inject({
      url: `/api/stations/${station.id}/archive`,
      query: { from: new Date(start - 3_600_000).toISOString(), to: window.to },
      headers: user.headers,
    });
    expect(coverage.statusCode).toBe(200);
    // 120 frames one second apart cover 119 s; at 30 credits an hour that is 1 credit (rounded up).
    expect(coverage.json()).toMatchObject({ coveredSeconds: 119, hourlyPrice: 30, credits: 1 });
    expect(
      coverage
        .json()
        .hours.map((h: { seconds: number }) => h.seconds)
        .reduce((a: number, b: number) => a + b),
    ).toBe(119);
  });

  it('refuses bad windows with the rule in words, before anything is spent', async () => {
    await grant(user.id, 10);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...window, stationId: station.id, interval: 7 }, 'The interval is one of 1, 5, 10, 15, 30 seconds.'],
      [
        { from: window.to, to: window.from, stationId: station.id, interval: 1 },
        'The window must end after it starts.',
      ],
      [
        { from: window.from, to: new Date(start + 25 * 3_600_000).toISOString(), stationId: station.id, interval: 1 },
        'A window is at most 24 hours.',
      ],
      [
        { ...window, from: 'yesterday', stationId: station.id, interval: 1 },
        'Use an ISO 8601 time, such as 2026-11-24T10:00:00Z.',
      ],
      [{ ...window, stationId: station.id, interval: 1, systems: 'GX' }, 'Systems are letters among G, R, E, C and J.'],
    ];
    for (const [payload, message] of cases) {
      const response = await buy(user.headers, payload);
      expect(response.statusCode, message).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    const future = await buy(user.headers, {
      stationId: station.id,
      interval: 1,
      from: new Date().toISOString(),
      to: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The window cannot end in the future.' });
    const empty = await buy(user.headers, {
      stationId: station.id,
      interval: 1,
      from: new Date(start - 7_200_000).toISOString(),
      to: new Date(start - 3_600_000).toISOString(),
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().code).toBe('RINEX_NO_DATA');
    expect(await balance(user.headers)).toBe(10);
  });

  it('charges the covered time, converts, and serves a zip with RINEX 3.04 files named by the long-name rule', async () => {
    const response = await buy(user.headers, { ...window, stationId: station.id, interval: 5 });
    expect(response.statusCode).toBe(201);
    const job = response.json();
    expect(job).toMatchObject({ status: 'queued', credits: 1, coveredSeconds: 119, interval: 5 });
    expect(await balance(user.headers)).toBe(9);

    expect((await t.app.inject({ url: `/api/rinex/${job.id}/download`, headers: user.headers })).statusCode).toBe(409);
    expect(await t.app.rinexWorker.runOnce()).toBe(true);
    const done = (await t.app.inject({ url: `/api/rinex/${job.id}`, headers: user.headers })).json();
    expect(done).toMatchObject({ status: 'done', progress: 100, epochs: 24 });
    expect(done.fileName).toMatch(/^NET\d+00NLD_S_\d{11}_02M_05S\.zip$/);

    const download = await t.app.inject({ url: `/api/rinex/${job.id}/download`, headers: user.headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(download.rawPayload));
    const names = Object.keys(files).sort();
    // The stream carried no ephemerides: no header-only navigation file, and the job says so.
    expect(done.ephemerides).toBe(0);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/_02M_05S_MO\.rnx$/);
    const observation = new TextDecoder().decode(files[names[0] as string]);
    expect(observation.split('\n')[0]).toBe(
      '     3.04           OBSERVATION DATA    M: Mixed            RINEX VERSION / TYPE',
    );
    expect(observation).toContain(`${station.mountpoint.padEnd(60)}MARKER NAME`);
    // The station id the RTCM messages carry (DF003), as decision 0045 says.
    expect(observation).toContain(`${'42'.padEnd(60)}MARKER NUMBER`);
    expect(observation.match(/^> /gm)).toHaveLength(24);
    expect(observation).toMatch(/ANTENNA: DELTA H\/E\/N/);
    expect(observation).toContain('        1.5000        0.0000        0.0000');
  });

  it("answers someone else's job exactly like a missing one", async () => {
    const [job] = (await t.app.inject({ url: '/api/rinex', headers: user.headers })).json().jobs;
    expect((await t.app.inject({ url: `/api/rinex/${job.id}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/rinex/${job.id}/download`, headers: stranger.headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: '/api/rinex', headers: stranger.headers })).json().jobs).toEqual([]);
    expect((await t.app.inject({ url: `/api/rinex/${job.id}` })).statusCode).toBe(401);
  });

  it('refuses a purchase the balance cannot pay, and spends nothing', async () => {
    const response = await buy(stranger.headers, { ...window, stationId: station.id, interval: 1 });
    expect(response.statusCode).toBe(402);
    expect(response.json().code).toBe('INSUFFICIENT_CREDITS');
    expect((await t.app.inject({ url: '/api/rinex', headers: stranger.headers })).json().jobs).toEqual([]);
  });

  it('refunds a conversion that fails and says why', async () => {
    const before = await balance(user.headers);
    const job = (await buy(user.headers, { ...window, stationId: station.id, interval: 1 })).json();
    expect(await balance(user.headers)).toBe(before - 1);
    // The recording is lost between purchase and conversion.
    await t.database.db.delete(schema.archiveSegments).where(eq(schema.archiveSegments.stationId, station.id));
    await t.app.rinexWorker.runOnce();
    const failed = (await t.app.inject({ url: `/api/rinex/${job.id}`, headers: user.headers })).json();
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'noRecording',
    });
    expect(await balance(user.headers)).toBe(before);
    // The refund is written once, even if the worker ran the job again.
    await t.app.rinexWorker.runOnce();
    expect(await balance(user.headers)).toBe(before);
    await record(t, station, start, 120);
  });

  it('picks up a job whose worker died, and charges nothing twice', async () => {
    const before = await balance(user.headers);
    const job = (await buy(user.headers, { ...window, stationId: station.id, interval: 30 })).json();
    // A worker took it and died two minutes ago.
    await t.database.db
      .update(schema.rinexJobs)
      .set({ status: 'running', heartbeatAt: new Date(Date.now() - 120_000) })
      .where(eq(schema.rinexJobs.id, job.id));
    expect(await t.app.rinexWorker.runOnce()).toBe(true);
    expect((await t.app.inject({ url: `/api/rinex/${job.id}`, headers: user.headers })).json()).toMatchObject({
      status: 'done',
      epochs: 4,
    });
    expect(await balance(user.headers)).toBe(before - 1);
  });

  it("charges an organisation's credits for a file made in its context, and keeps it out of personal lists", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/organization',
      payload: { name: 'Survey Team' },
      headers: user.headers,
    });
    const orgId = created.json().organization.id as string;
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/organizations/${orgId}/status`,
      payload: { status: 'active' },
      headers: admin,
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/organizations/${orgId}/tokens`,
      payload: { tokenAmount: 5 },
      headers: admin,
    });
    const personalBefore = await balance(user.headers);
    const personalJobs = (await t.app.inject({ url: '/api/rinex', headers: user.headers })).json().jobs.length;

    const job = await t.app.inject({
      method: 'POST',
      url: `/api/org/${orgId}/rinex`,
      payload: { ...window, stationId: station.id, interval: 30 },
      headers: user.headers,
    });
    expect(job.statusCode).toBe(201);
    const ledger = (await t.app.inject({ url: `/api/org/${orgId}/credits/ledger`, headers: user.headers })).json();
    expect(ledger.balance).toBe(4);
    expect(await balance(user.headers)).toBe(personalBefore);
    expect((await t.app.inject({ url: `/api/org/${orgId}/rinex`, headers: user.headers })).json().jobs).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/rinex', headers: user.headers })).json().jobs).toHaveLength(personalJobs);
    // A stranger to the organisation sees nothing of it.
    expect((await t.app.inject({ url: `/api/org/${orgId}/rinex`, headers: stranger.headers })).statusCode).toBe(403);
    await t.app.rinexWorker.runOnce();
    const download = await t.app.inject({
      url: `/api/org/${orgId}/rinex/${job.json().id}/download`,
      headers: user.headers,
    });
    expect(download.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/rinex/${job.json().id}`, headers: user.headers })).statusCode).toBe(404);
  });

  describe('admin', () => {
    it('shows storage and coverage per network and station, for admins only', async () => {
      const overview = await t.app.inject({ url: '/api/admin/archive', headers: admin });
      expect(overview.statusCode).toBe(200);
      const network = overview.json().networks.find((n: { id: string }) => n.id === station.networkId);
      expect(network).toMatchObject({ retentionDays: 30, hourlyPrice: 30, recordRelayed: true });
      expect(network.storedBytes).toBeGreaterThan(0);
      expect(network.stations[0]).toMatchObject({ id: station.id, segments: 2, lastDaySeconds: 120 });
      expect((await t.app.inject({ url: '/api/admin/archive', headers: user.headers })).statusCode).toBe(403);
    });

    it('sets retention and price, refusing nonsense in words', async () => {
      const url = `/api/admin/networks/${station.networkId}/archive`;
      const bad = await t.app.inject({
        method: 'PUT',
        url,
        headers: admin,
        payload: { retentionDays: -1, hourlyPrice: 1.5, recordRelayed: true },
      });
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json())).toContain('Keep recordings 0 to 3650 days.');
      expect(JSON.stringify(bad.json())).toContain('The price is a whole number of credits.');
      const good = await t.app.inject({
        method: 'PUT',
        url,
        headers: admin,
        payload: { retentionDays: 7, hourlyPrice: 60, recordRelayed: false },
      });
      expect(good.statusCode).toBe(200);
      const coverage = await t.app.inject({
        url: `/api/stations/${station.id}/archive`,
        query: window,
        headers: user.headers,
      });
      expect(coverage.json()).toMatchObject({ hourlyPrice: 60, credits: 2 });
      const user403 = await t.app.inject({
        method: 'PUT',
        url,
        headers: user.headers,
        payload: { retentionDays: 7, hourlyPrice: 60, recordRelayed: false },
      });
      expect(user403.statusCode).toBe(403);
      await t.app.inject({
        method: 'PUT',
        url,
        headers: admin,
        payload: { retentionDays: 0, hourlyPrice: 60, recordRelayed: false },
      });
      // A network that keeps no recordings offers nothing to buy.
      expect((await t.app.inject({ url: '/api/rinex/stations', headers: user.headers })).json().stations).toEqual([]);
      await t.app.inject({
        method: 'PUT',
        url,
        headers: admin,
        payload: { retentionDays: 30, hourlyPrice: 30, recordRelayed: true },
      });
    });

    it('downloads the raw RTCM of a window for support', async () => {
      const raw = await t.app.inject({ url: `/api/admin/stations/${station.id}/raw`, query: window, headers: admin });
      expect(raw.statusCode).toBe(200);
      expect(raw.rawPayload[0]).toBe(0xd3);
      const frames = new RtcmFramer().push(new Uint8Array(raw.rawPayload));
      expect(frames.filter((f) => f.messageType === 1006)).toHaveLength(12);
      expect(
        (await t.app.inject({ url: `/api/admin/stations/${station.id}/raw`, query: window, headers: user.headers }))
          .statusCode,
      ).toBe(403);
    });
  });
  describe('what the archive holds', () => {
    let other: { id: string; networkId: string; mountpoint: string };
    const buyAndConvert = async (payload: Record<string, unknown>) => {
      const response = await buy(user.headers, { ...payload, stationId: other.id });
      expect(response.statusCode, JSON.stringify(response.json())).toBe(201);
      expect(await t.app.rinexWorker.runOnce()).toBe(true);
      const job = (await t.app.inject({ url: `/api/rinex/${response.json().id}`, headers: user.headers })).json();
      const download = await t.app.inject({ url: `/api/rinex/${job.id}/download`, headers: user.headers });
      return { bought: response.json(), job, files: unzipSync(new Uint8Array(download.rawPayload)) };
    };

    beforeAll(async () => {
      const network = await seedNetwork(t.database.db, { rinexHourlyPrice: 30, countryCode: 'DEU' }, 1);
      const [row] = await t.database.db.select().from(schema.stations).where(eq(schema.stations.networkId, network.id));
      other = { id: row?.id as string, networkId: network.id, mountpoint: row?.mountpoint as string };
      await grant(user.id, 20);
    });

    it('prices and converts data that arrived in one burst by their own epochs', async () => {
      // Two minutes of data, sent at once five seconds after their last epoch (a station emptying its buffer).
      const from = start - 30 * 60_000;
      const arrived = from + 125_000;
      await storeSegment(t, other, stream(from, 120), { from: arrived, to: arrived });
      const burst = { from: new Date(from).toISOString(), to: new Date(from + 120_000).toISOString() };
      const coverage = await t.app.inject({
        url: `/api/stations/${other.id}/archive`,
        query: burst,
        headers: user.headers,
      });
      expect(coverage.json()).toMatchObject({ coveredSeconds: 119, credits: 1 });
      const { bought, job, files } = await buyAndConvert({ ...burst, interval: 1 });
      expect(bought).toMatchObject({ coveredSeconds: 119, credits: 1 });
      expect(job).toMatchObject({ status: 'done', epochs: 120 });
      expect(Object.keys(files)).toHaveLength(1);
    });

    it('puts the navigation file in the zip when the stream carried ephemerides', async () => {
      const from = start - 60 * 60_000;
      await record(t, other, from, 60, { withEphemeris: true });
      const { job, files } = await buyAndConvert({
        from: new Date(from).toISOString(),
        to: new Date(from + 60_000).toISOString(),
        interval: 1,
      });
      expect(job).toMatchObject({ status: 'done', epochs: 60, ephemerides: 1 });
      const names = Object.keys(files).sort();
      expect(names).toHaveLength(2);
      expect(names[1]).toMatch(/_01M_MN\.rnx$/);
      const navigation = new TextDecoder().decode(files[names[1] as string]);
      expect(navigation).toMatch(/^G03 /m);
    });
  });
});
