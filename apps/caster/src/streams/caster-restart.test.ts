import { type DatabaseHandle, schema } from '@fixpoint/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caster } from '../caster';
import { openDatabase, seedNetwork, seedStation, startCaster } from '../testing/harness';

let database: DatabaseHandle;
let caster: Caster | undefined;

beforeAll(async () => {
  database = await openDatabase();
});

afterAll(async () => {
  await caster?.stop();
  await database?.close();
});

const eventsOf = (stationId: string) =>
  database.db
    .select()
    .from(schema.stationEvents)
    .where(eq(schema.stationEvents.stationId, stationId))
    .orderBy(asc(schema.stationEvents.at));

describe('caster restart after a crash', () => {
  it('writes the missing disconnect at the last state update of each station the dead instance held', async () => {
    const { networkId } = await seedNetwork(database, { code: 'CRS' });
    const held = await seedStation(database, { networkId, mountpoint: 'HELD' });
    const other = await seedStation(database, { networkId, mountpoint: 'OTHER' });
    const down = await seedStation(database, { networkId, mountpoint: 'DOWN' });
    const now = Date.now();
    const connectedAt = new Date(now - 3_600_000);
    const lastSign = new Date(now - 600_000);
    // What a caster killed 10 minutes ago leaves: its connect events and states still "connected".
    await database.db.insert(schema.stationEvents).values([
      { stationId: held, kind: 'connected', at: connectedAt },
      { stationId: other, kind: 'connected', at: connectedAt },
      { stationId: down, kind: 'connected', at: connectedAt },
      { stationId: down, kind: 'disconnected', reason: 'source-closed', at: new Date(now - 1_800_000) },
    ]);
    await database.db.insert(schema.stationStates).values([
      {
        stationId: held,
        isConnected: true,
        connectedSince: connectedAt,
        bitrate: 4_000,
        casterInstance: 'crashy',
        updatedAt: lastSign,
      },
      // Another instance's station: that caster is still running, so its state is none of ours.
      {
        stationId: other,
        isConnected: true,
        connectedSince: connectedAt,
        casterInstance: 'another',
        updatedAt: lastSign,
      },
      { stationId: down, isConnected: false, casterInstance: 'crashy', updatedAt: new Date(now - 1_800_000) },
    ]);

    caster = await startCaster(database, { instance: 'crashy' });

    const heldEvents = await eventsOf(held);
    expect(heldEvents.map((event) => [event.kind, event.reason])).toEqual([
      ['connected', null],
      ['disconnected', 'caster-restart'],
    ]);
    expect(heldEvents[1]?.at.getTime()).toBe(lastSign.getTime());
    const [state] = await database.db
      .select()
      .from(schema.stationStates)
      .where(eq(schema.stationStates.stationId, held));
    expect(state).toMatchObject({ isConnected: false, connectedSince: null, bitrate: 0 });
    expect(state?.updatedAt.getTime()).toBeGreaterThan(lastSign.getTime());

    expect((await eventsOf(other)).map((event) => event.kind)).toEqual(['connected']);
    const [otherState] = await database.db
      .select()
      .from(schema.stationStates)
      .where(eq(schema.stationStates.stationId, other));
    expect(otherState?.isConnected).toBe(true);
    // A station already down gets no second disconnect.
    expect((await eventsOf(down)).map((event) => event.kind)).toEqual(['connected', 'disconnected']);

    // A second start finds nothing left to close.
    await caster.stop();
    caster = await startCaster(database, { instance: 'crashy' });
    expect((await eventsOf(held)).length).toBe(2);
  });
});
