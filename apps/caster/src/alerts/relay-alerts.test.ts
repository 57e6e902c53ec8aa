import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, schema } from '@fixpoint/db';
import { buildGga } from '@fixpoint/rtcm';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caster } from '../caster';
import { simulatedEpochBytes } from '../demo/simulated-station';
import { TestUpstream } from '../relay/test-upstream';
import {
  eventually,
  grantAccess,
  openDatabase,
  type SeedAccount,
  secretBox,
  seedAccount,
  seedNetwork,
  seedStation,
  sleep,
  startCaster,
  TestClient,
  v1RoverHead,
} from '../testing/harness';

// Station alerts for relayed stations (decision 0081), on real sockets: a relaying caster pulls mounts of an upstream
// caster written here while a rover wants them. Up while the upstream sends; down when it goes silent or refuses
// while pulled, with why; back up when it sends again; a relay nobody pulls is not judged at all, nor an nmea=1
// mount before its rover's first GGA.

const SOURCE_TIMEOUT_MS = 1_000;
const HOLD_MS = 600;

let db: DatabaseHandle;
let caster: Caster;
let upstream: TestUpstream;
let rover: SeedAccount;
/** What the upstream does with new connections and with the ones it serves: send RTCM, or nothing. */
let isSending = true;
/** When the upstream last sent (the caster dates a station's silence from its last data). */
let lastSentAt = 0;
const stationIds = new Map<string, string>();

beforeAll(async () => {
  db = await openDatabase();
  upstream = await TestUpstream.start((connection) => {
    if (connection.mountpoint === 'LOCKED') {
      connection.socket.end('HTTP/1.1 401 Unauthorized\r\n\r\n');
      return;
    }
    // An nmea=1 mount that accepts and never sends, GGA or not.
    if (connection.mountpoint === 'VRS') {
      connection.socket.write('ICY 200 OK\r\n\r\n');
      return;
    }
    connection.socket.write('ICY 200 OK\r\n\r\n');
    const timer = setInterval(() => {
      if (connection.isClosed) clearInterval(timer);
      else if (isSending) {
        lastSentAt = Date.now();
        connection.socket.write(
          simulatedEpochBytes({ stationId: 9, position: { latitude: 52, longitude: 5, height: 10 } }, Date.now()),
        );
      }
    }, 100);
  });
  rover = await seedAccount(db, { maxConnections: 10 });
  const { networkId } = await seedNetwork(db, {
    code: 'RELAYALERT',
    kind: 'relay',
    upstreamHost: '127.0.0.1',
    upstreamPort: upstream.port,
    upstreamVersion: 1,
    upstreamUsername: 'relay',
    upstreamPasswordEnc: secretBox.encrypt(randomBytes(8).toString('hex')),
  });
  await grantAccess(db, rover.accountId, networkId);
  for (const [mountpoint, upstreamMountpoint, needsGga] of [
    ['RA_OPEN', 'OPEN', false],
    ['RA_LOCKED', 'LOCKED', false],
    ['RA_VRS', 'VRS', true],
  ] as const) {
    stationIds.set(
      mountpoint,
      await seedStation(db, { networkId, mountpoint, upstreamMountpoint, needsGga, sourcePasswordHash: null }),
    );
  }
  caster = await startCaster(db, {
    instance: 'relay-alerts',
    sourceTimeoutMs: SOURCE_TIMEOUT_MS,
    alertHoldMs: HOLD_MS,
    alertTickMs: 100,
    relayIdleMs: 300,
    relayBackoffMinMs: 100,
    relayBackoffMaxMs: 300,
    relaySilenceMs: 1_500,
  });
}, 30_000);

afterAll(async () => {
  await caster?.stop();
  await upstream?.stop();
  await db?.close();
});

const eventsOf = (mountpoint: string) =>
  db.db
    .select({ kind: schema.alertEvents.kind, data: schema.alertEvents.data, occurredAt: schema.alertEvents.occurredAt })
    .from(schema.alertEvents)
    .where(eq(schema.alertEvents.stationId, stationIds.get(mountpoint) ?? ''))
    .orderBy(asc(schema.alertEvents.createdAt));

const alertStateOf = async (mountpoint: string) =>
  (
    await db.db
      .select({ state: schema.stationAlertStates.state })
      .from(schema.stationAlertStates)
      .where(eq(schema.stationAlertStates.stationId, stationIds.get(mountpoint) ?? ''))
  )[0]?.state;

async function roverOn(mountpoint: string) {
  const client = await TestClient.request(caster.port, v1RoverHead(mountpoint, rover.username, rover.password));
  await client.waitForText('ICY 200 OK\r\n\r\n');
  return client;
}

describe('station alerts of a relayed station', () => {
  it('is up while pulled, down when its upstream goes silent while a rover wants it, and back when it sends', async () => {
    const client = await roverOn('RA_OPEN');
    await eventually(async () => (await alertStateOf('RA_OPEN')) === 'up', 10_000);
    // The first state, up, is nothing to tell.
    expect(await eventsOf('RA_OPEN')).toEqual([]);

    isSending = false;
    const silentAt = Date.now();
    const [down] = await eventually(async () => {
      const events = await eventsOf('RA_OPEN');
      return events.length > 0 && events;
    }, 10_000);
    expect(down?.kind).toBe('station-down');
    expect(down?.data).toMatchObject({
      mountpoint: 'RA_OPEN',
      upstreamError: expect.stringMatching(/^no data for \d+ s$/),
    });
    // Dated at its last data, not when it was noticed; declared once the timeout has passed since that data.
    expect(Math.abs((down?.occurredAt.getTime() ?? 0) - silentAt)).toBeLessThan(500);
    expect(Date.now() - lastSentAt).toBeGreaterThanOrEqual(SOURCE_TIMEOUT_MS);

    isSending = true;
    const up = await eventually(async () => (await eventsOf('RA_OPEN'))[1], 10_000);
    expect(up.kind).toBe('station-up');

    // Nobody wants it any more: the link is let go, and the relay is not judged while nobody pulls it.
    client.close();
    await eventually(() => caster.sourceCount === 0, 5_000);
    await sleep(SOURCE_TIMEOUT_MS * 2 + HOLD_MS);
    expect((await eventsOf('RA_OPEN')).map((event) => event.kind)).toEqual(['station-down', 'station-up']);
    expect(await alertStateOf('RA_OPEN')).toBe('up');
  }, 40_000);

  it('is down, naming the refusal, when its upstream refuses the rover that wants it', async () => {
    const startedAt = Date.now();
    const client = await roverOn('RA_LOCKED');
    const [down] = await eventually(async () => {
      const events = await eventsOf('RA_LOCKED');
      return events.length > 0 && events;
    }, 10_000);
    expect(down?.kind).toBe('station-down');
    expect(down?.data).toMatchObject({ mountpoint: 'RA_LOCKED', upstreamError: '401 Unauthorized' });
    // Silent since the pull began: never had data.
    expect((down?.occurredAt.getTime() ?? 0) - startedAt).toBeLessThan(1_000);
    // The rover keeps waiting on the mount (the relay retries); the outage is told once.
    await sleep(SOURCE_TIMEOUT_MS + HOLD_MS);
    expect((await eventsOf('RA_LOCKED')).map((event) => event.kind)).toEqual(['station-down']);
    client.close();
  }, 30_000);

  it('expects an nmea=1 upstream to send only once the rover has sent a GGA, then is down when it stays silent', async () => {
    const client = await roverOn('RA_VRS');
    await eventually(() => upstream.open.some((connection) => connection.mountpoint === 'VRS'));
    // Connected upstream, but nothing to send before a GGA: not an outage.
    await sleep(SOURCE_TIMEOUT_MS * 2);
    expect(await eventsOf('RA_VRS')).toEqual([]);
    const sentAt = Date.now();
    client.write(`${buildGga({ latitude: 52.1, longitude: 5.1, altitude: 10 })}\r\n`);
    const [down] = await eventually(async () => {
      const events = await eventsOf('RA_VRS');
      return events.length > 0 && events;
    }, 10_000);
    expect(down?.kind).toBe('station-down');
    expect(down?.data).toMatchObject({ upstreamError: expect.stringMatching(/^no data for \d+ s$/) });
    expect(down?.occurredAt.getTime() ?? 0).toBeGreaterThanOrEqual(sentAt - 100);
    client.close();
  }, 30_000);
});
