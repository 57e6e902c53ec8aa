import type { DatabaseHandle } from '@fixpoint/db';
import { buildGga, RtcmFramer } from '@fixpoint/rtcm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caster } from '../caster';
import {
  connectSourceV1,
  eventually,
  grantAccess,
  openDatabase,
  rtcmSeconds,
  seedAccount,
  seedNetwork,
  seedStation,
  sleep,
  startCaster,
  TestClient,
  v1RoverHead,
} from '../testing/harness';

let database: DatabaseHandle;
let caster: Caster;
let feeding: NodeJS.Timeout | undefined;

beforeAll(async () => {
  database = await openDatabase();
  caster = await startCaster(database, { autoReevaluateMs: 300 });
});
afterAll(async () => {
  clearInterval(feeding);
  await caster?.stop();
  await database?.close();
});

describe('one position rule for a station (decision 0042)', () => {
  it('routes an AUTO rover by the entered position even when the decoded 1005/1006 one is far away', async () => {
    const { networkId } = await seedNetwork(database, { code: 'POS', coverageRadiusKm: 30 });
    await seedStation(database, { networkId, mountpoint: 'POSA', latitude: 52.0, longitude: 5.0 });
    const account = await seedAccount(database);
    await grantAccess(database, account.accountId, networkId);
    // The base's own 1006 says 111 km north, beyond the network's 50 km limit.
    const base = await connectSourceV1(caster.port, 'POSA');
    const epochs = rtcmSeconds(201, 20, { latitude: 53.0, longitude: 5.0, height: 40 });
    let tick = 0;
    feeding = setInterval(() => base.write(epochs[tick++ % 20] as Buffer), 50);
    await sleep(300);

    const rover = await TestClient.request(caster.port, v1RoverHead('POS_AUTO', account.username, account.password));
    await rover.waitForText('ICY 200 OK');
    rover.write(`${buildGga({ latitude: 52.0, longitude: 5.0, altitude: 10 })}\r\n`);
    await eventually(() => rover.receivedLength > 2_000 || undefined, 5_000);
    // Still served after the choice is made again (no drop and re-attach loop), and never refused as outside.
    await sleep(800);
    rover.write(`${buildGga({ latitude: 52.0, longitude: 5.0, altitude: 10 })}\r\n`);
    const before = rover.receivedLength;
    await sleep(500);
    expect(rover.socket.destroyed).toBe(false);
    expect(rover.receivedLength).toBeGreaterThan(before);
    const frames = new RtcmFramer().push(rover.received.subarray('ICY 200 OK\r\n\r\n'.length));
    expect(new Set(frames.map((frame) => frame.stationId))).toEqual(new Set([201]));
    clearInterval(feeding);
    rover.close();
    base.close();
  });
});
