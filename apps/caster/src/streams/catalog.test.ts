import type { DatabaseHandle } from '@fixpoint/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caster } from '../caster';
import {
  connectSourceV1,
  grantAccess,
  openDatabase,
  type SeedAccount,
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
let rover: SeedAccount;

beforeAll(async () => {
  database = await openDatabase();
  const { networkId } = await seedNetwork(database, { code: 'OLD' });
  await seedStation(database, { networkId, mountpoint: 'OLD1', latitude: 52.1, longitude: 5.1 });
  rover = await seedAccount(database, { maxConnections: 10 });
  await grantAccess(database, rover.accountId, networkId);
  // A catalog kept for a minute: without the read on a miss, anything created below would be unknown for that long.
  caster = await startCaster(database, { catalogTtlMs: 60_000 });
});

afterAll(async () => {
  await caster?.stop();
  await database?.close();
});

async function sourcetable() {
  const client = await TestClient.request(caster.port, ['GET / HTTP/1.0', 'User-Agent: NTRIP test']);
  await client.waitClosed();
  return client.text();
}

describe('the caster catalog', () => {
  it('finds a network and station created after it was cached, at the first base and rover login', async () => {
    expect(await sourcetable()).toContain('STR;OLD1;');
    const { networkId } = await seedNetwork(database, { code: 'NEW' });
    await seedStation(database, { networkId, mountpoint: 'NEW1', latitude: 52.2, longitude: 5.2 });
    await grantAccess(database, rover.accountId, networkId);
    // A miss reads the catalog again only when the cached copy is over 250 ms old (at most four reads a second).
    await sleep(300);

    const source = await connectSourceV1(caster.port, 'NEW1');
    for (const mountpoint of ['NEW1', 'NEW_AUTO']) {
      const client = await TestClient.request(caster.port, v1RoverHead(mountpoint, rover.username, rover.password));
      await client.waitForText('ICY 200 OK\r\n\r\n');
      client.close();
    }
    source.close();
  });

  it('still answers an unknown mountpoint with the sourcetable', async () => {
    const client = await TestClient.request(caster.port, v1RoverHead('NOPE', rover.username, rover.password));
    await client.waitClosed();
    expect(client.text()).toMatch(/^SOURCETABLE 200 OK\r\n/);
    expect(client.text()).toContain('STR;NEW1;');
  });
});
