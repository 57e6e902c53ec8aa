import { connect } from 'node:net';
import { createCaster, silentLogger } from '@fixpoint/caster';
import { createSecretBox, type DatabaseHandle, schema } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';
import { RtcmFramer } from '@fixpoint/rtcm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDemoEnabled, seedDemoNetwork, seedDemoSettings, startDemoStations } from './demo';
import { seedDemoProducts } from './demo-products';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('demo mode', () => {
  it('is on by default on the embedded database only', () => {
    expect(isDemoEnabled({}, false)).toBe(true);
    expect(isDemoEnabled({}, true)).toBe(false);
    expect(isDemoEnabled({ DEMO: 'true' }, true)).toBe(true);
    expect(isDemoEnabled({ DEMO: 'false' }, false)).toBe(false);
    expect(() => isDemoEnabled({ DEMO: 'maybe' }, false)).toThrow(/DEMO/);
  });

  it('seeds one published demo network with simulated stations, once', async () => {
    await seedDemoNetwork(database.db);
    await seedDemoNetwork(database.db);
    const networks = await database.db.select().from(schema.networks).where(eq(schema.networks.code, 'DEMO'));
    expect(networks).toHaveLength(1);
    expect(networks[0]).toMatchObject({
      name: 'Fixpoint Demo Network',
      isPublished: true,
      kind: 'hosted',
      dailyPrice: 1,
    });
    const stations = await database.db
      .select()
      .from(schema.stations)
      .where(eq(schema.stations.networkId, networks[0]?.id ?? ''));
    expect(stations).toHaveLength(4);
    expect(stations.every((station) => station.isSimulated && station.latitude !== null)).toBe(true);
  });

  it('is named after a reseller brand, in its language, and follows BRAND until an operator renames it', async () => {
    const demoNetwork = async () =>
      (await database.db.select().from(schema.networks).where(eq(schema.networks.code, 'DEMO')))[0];
    await seedDemoNetwork(database.db, 'baupunkt');
    expect(await demoNetwork()).toMatchObject({ name: 'Baupunkt Demo-Netz', operator: 'Baupunkt' });
    expect((await demoNetwork())?.description).toContain('Referenzstationen');
    await database.db.update(schema.networks).set({ operator: 'Bau GmbH' }).where(eq(schema.networks.code, 'DEMO'));
    await seedDemoNetwork(database.db, 'akkerpunt');
    expect(await demoNetwork()).toMatchObject({ name: 'Akkerpunt Demonetwerk', operator: 'Bau GmbH' });
    await seedDemoNetwork(database.db);
    expect(await demoNetwork()).toMatchObject({ name: 'Fixpoint Demo Network', operator: 'Bau GmbH' });
  });

  it('streams valid RTCM 3 at 1 Hz into the caster: MSM4 each second, 1006 every 10 s', async () => {
    await seedDemoNetwork(database.db);
    const secretBox = createSecretBox('b'.repeat(64));
    const caster = createCaster({
      db: database.db,
      secretBox,
      logger: silentLogger,
      options: { host: '127.0.0.1', port: 0, catalogTtlMs: 0, stateFlushMs: 300, instance: 'demo-test' },
    });
    await caster.start();
    const demo = await startDemoStations(database.db, caster);
    try {
      expect(caster.sourceCount).toBe(4);
      // The sourcetable shows them live (no login needed), and the stream's live state reaches the database.
      // Two epochs at 1 Hz and a flush (300 ms) take a few seconds: allow for a loaded machine.
      const state = await waitFor(async () => {
        const rows = await database.db.select().from(schema.stationStates);
        const types = rows.map((row) => row.messageTypes as Record<string, { count: number }>);
        return rows.length === 4 &&
          rows.every((row) => row.isConnected) &&
          types.every((t) => (t['1074']?.count ?? 0) >= 2)
          ? rows
          : undefined;
      }, 10_000);
      expect(state.map((row) => Object.keys(row.messageTypes as object).sort())[0]).toEqual(
        expect.arrayContaining(['1074', '1084', '1094', '1124']),
      );
      const table = await fetchRaw(caster.port, 'GET / HTTP/1.0\r\nUser-Agent: NTRIP test\r\n\r\n');
      expect(table).toContain('STR;DEMO_AMS;Amsterdam;RTCM 3.3;');
      expect(table).toContain('STR;DEMO_AUTO;');
      // Frames are valid RTCM 3 (CRC checked by the framer).
      const framer = new RtcmFramer();
      const { simulatedEpochBytes } = await import('@fixpoint/caster');
      const frames = framer.push(
        simulatedEpochBytes(
          { stationId: 100, position: { latitude: 52.37, longitude: 4.9, height: 45 } },
          Date.UTC(2026, 0, 1),
        ),
      );
      expect(frames.map((frame) => frame.messageType)).toEqual([1006, 1074, 1084, 1094, 1124]);
      expect(framer.stats.badCrc).toBe(0);
    } finally {
      demo.stop();
      await caster.stop();
    }
  }, 30_000);

  it('seeds credit packs, two or more plans on the demo network and their pricing table, once', async () => {
    await seedDemoNetwork(database.db);
    await seedDemoProducts(database.db);
    await seedDemoProducts(database.db);
    const products = await database.db.select().from(schema.products);
    const packs = products.filter((p) => p.category === 'credits');
    const plans = products.filter((p) => p.category === 'billable-subscription');
    expect(packs.length).toBeGreaterThanOrEqual(2);
    expect(packs.every((p) => (p.creditsAmount ?? 0) > 0 && p.amount > 0)).toBe(true);
    expect(plans.length).toBeGreaterThanOrEqual(2);
    const [demo] = await database.db.select().from(schema.networks).where(eq(schema.networks.code, 'DEMO'));
    expect(plans.every((p) => p.networkId === demo?.id && p.interval !== null)).toBe(true);
    // One manual plan for an admin to grant, never on sale.
    const manual = products.filter((p) => p.category === 'non-billable-subscription');
    expect(manual).toHaveLength(1);
    expect(manual[0]?.networkId).toBe(demo?.id);
    const tables = await database.db.select().from(schema.pricingTables);
    expect(tables).toHaveLength(1);
    const rows = await database.db.select().from(schema.pricingTableProducts);
    expect(rows).toHaveLength(plans.length);
  });

  it('opens the organisations beta to everyone, unless the operator already chose', async () => {
    await seedDemoSettings(database.db);
    const [row] = await database.db.select().from(schema.accountSettings);
    expect(row?.organizationAccess).toBe('open');
    await database.db.update(schema.accountSettings).set({ organizationAccess: 'approval' });
    await seedDemoSettings(database.db);
    const [kept] = await database.db.select().from(schema.accountSettings);
    expect(kept?.organizationAccess).toBe('approval');
  });
});

async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function fetchRaw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}
