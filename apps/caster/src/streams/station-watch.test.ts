import { type DatabaseHandle, hashSecret, schema } from '@fixpoint/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caster } from '../caster';
import { createSessionStore } from '../sessions/session-store';
import {
  connectSourceV1,
  eventually,
  grantAccess,
  openDatabase,
  rtcmSeconds,
  seedAccount,
  seedNetwork,
  seedStation,
  startCaster,
  TestClient,
  v1RoverHead,
} from '../testing/harness';

let database: DatabaseHandle;
let caster: Caster;
let port: number;
let counter = 0;

beforeAll(async () => {
  database = await openDatabase();
  caster = await startCaster(database);
  port = caster.port;
});
afterAll(async () => {
  await caster?.stop();
  await database?.close();
});

/** A network with one station, a base streaming into it and a rover receiving from it. */
async function liveStation() {
  counter += 1;
  const { networkId } = await seedNetwork(database, { code: `W${counter}` });
  const mountpoint = `WATCH${counter}`;
  const stationId = await seedStation(database, { networkId, mountpoint, latitude: 52, longitude: 5 });
  const base = await connectSourceV1(port, mountpoint);
  const account = await seedAccount(database);
  await grantAccess(database, account.accountId, networkId);
  const rover = await TestClient.request(port, v1RoverHead(mountpoint, account.username, account.password));
  await rover.waitForText('ICY 200 OK');
  for (const frame of rtcmSeconds(7, 3)) base.socket.write(frame);
  await eventually(() => rover.receivedLength > 100 || undefined);
  return { networkId, stationId, base, rover, account };
}

const sessionOf = async (accountId: string) =>
  eventually(async () => {
    const [row] = await database.db
      .select()
      .from(schema.casterSessions)
      .where(eq(schema.casterSessions.accountId, accountId));
    return row?.endedAt ? row : undefined;
  });

describe('operator actions take effect at once', () => {
  it("deleting a station ends its base's upload and its rovers within a second, with the bytes they got", async () => {
    const { stationId, base, rover, account } = await liveStation();
    const deletedAt = Date.now();
    await database.db.delete(schema.stations).where(eq(schema.stations.id, stationId));
    await Promise.all([base.waitClosed(2_000), rover.waitClosed(2_000)]);
    expect(Date.now() - deletedAt).toBeLessThan(1_000);
    const session = await sessionOf(account.accountId);
    expect(session.closeReason).toBe('station-removed');
    expect(session.bytesSent).toBe(rover.receivedLength - 'ICY 200 OK\r\n\r\n'.length);
    expect(session.stationId).toBeNull();
  });

  it('deleting a network does the same for all of its stations', async () => {
    const { networkId, base, rover, account } = await liveStation();
    const deletedAt = Date.now();
    await database.db.delete(schema.networks).where(eq(schema.networks.id, networkId));
    await Promise.all([base.waitClosed(2_000), rover.waitClosed(2_000)]);
    expect(Date.now() - deletedAt).toBeLessThan(1_000);
    // The network's access windows went with it, so the account's own re-check may see it first.
    expect(['station-removed', 'window-ended']).toContain((await sessionOf(account.accountId)).closeReason);
  });

  it("disabling a station ends its base's upload; its rovers stay, as when a base goes away", async () => {
    const { stationId, base, rover } = await liveStation();
    await database.db.update(schema.stations).set({ isEnabled: false }).where(eq(schema.stations.id, stationId));
    await base.waitClosed(2_000);
    expect(rover.socket.destroyed).toBe(false);
    rover.close();
  });

  it("a regenerated source password ends the base's upload; the rover waits for the base to log in again", async () => {
    const { stationId, base, rover } = await liveStation();
    const changedAt = Date.now();
    await database.db
      .update(schema.stations)
      .set({ sourcePasswordHash: await hashSecret('a new source password', { logN: 4 }) })
      .where(eq(schema.stations.id, stationId));
    await base.waitClosed(2_000);
    expect(Date.now() - changedAt).toBeLessThan(1_000);
    expect(rover.socket.destroyed).toBe(false);
    rover.close();
  });
});

describe('after a crash', () => {
  it('closes orphaned sessions at their last progress, with the bytes written then', async () => {
    const store = createSessionStore(database.db);
    const { networkId } = await seedNetwork(database, { code: 'CRASH' });
    const account = await seedAccount(database);
    const startedAt = new Date(Date.now() - 600_000);
    const [row] = await database.db
      .insert(schema.casterSessions)
      .values({
        accountId: account.accountId,
        mountpoint: 'CRASH_AUTO',
        networkId,
        clientAddress: '192.0.2.9',
        ntripVersion: 1,
        startedAt,
        casterInstance: 'crashed:2101',
      })
      .returning();
    const id = (row as { id: string }).id;
    await store.saveProgress([
      {
        id,
        bytesSent: 4242,
        ggaCount: 3,
        lastGgaAt: null,
        lastLatitude: null,
        lastLongitude: null,
        lastHeight: null,
        distanceToBaseM: null,
        stationId: null,
        ggaStatsJson: null,
      },
    ]);
    const [progressed] = await database.db.select().from(schema.casterSessions).where(eq(schema.casterSessions.id, id));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await store.closeOrphans('crashed:2101');
    const [closed] = await database.db.select().from(schema.casterSessions).where(eq(schema.casterSessions.id, id));
    expect(closed?.closeReason).toBe('caster-restarted');
    expect(closed?.bytesSent).toBe(4242);
    expect(closed?.endedAt?.getTime()).toBe(progressed?.progressAt?.getTime());
  });
});
