// A caster for the relay benchmark, in its own process, on a fresh database (in-memory PGlite):
//   caster-process.ts upstream        - a hosted network with station BENCH1 (source password benchpw);
//   caster-process.ts relay <port>    - a relay network whose upstream is 127.0.0.1:<port>, with RELAY1 (one shared
//                                       upstream connection) and RELAYGGA (nmea=1: one connection per rover).
// Both have the account BENCH / roverpw with access. Prints `READY <port>`. Started with --expose-gc: a `GC` line
// on stdin collects garbage and answers `GCDONE <KB>` (V8 heap in use plus external buffers: RSS does not shrink
// after a collection, so it says little about a few thousand rovers).
import { createCaster, silentLogger } from '@fixpoint/caster';
import { createSecretBox, hashSecret, schema } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';
import { seedBenchAccount, stopWithRunner } from '../seed';

const [role, upstreamPort] = process.argv.slice(2);
const secretBox = createSecretBox('e'.repeat(64));
const database = await createTestDatabase();
const isRelay = role === 'relay';
const [network] = await database.db
  .insert(schema.networks)
  .values({
    code: isRelay ? 'RELAY' : 'BENCH',
    name: 'Relay bench',
    kind: isRelay ? 'relay' : 'hosted',
    dailyPrice: 1,
    isPublished: true,
    ...(isRelay && {
      upstreamHost: '127.0.0.1',
      upstreamPort: Number(upstreamPort),
      upstreamVersion: 1,
      upstreamUsername: 'BENCH',
      upstreamPasswordEnc: secretBox.encrypt('roverpw'),
    }),
  })
  .returning();
const networkId = network?.id ?? '';
await database.db.insert(schema.stations).values(
  isRelay
    ? [
        { networkId, mountpoint: 'RELAY1', upstreamMountpoint: 'BENCH1' },
        { networkId, mountpoint: 'RELAYGGA', upstreamMountpoint: 'BENCH1', needsGga: true },
      ]
    : [{ networkId, mountpoint: 'BENCH1', sourcePasswordHash: await hashSecret('benchpw', { logN: 10 }) }],
);
await seedBenchAccount(database.db, secretBox, { networkId, username: 'BENCH', password: 'roverpw', unlimited: true });
const caster = createCaster({
  db: database.db,
  secretBox,
  logger: silentLogger,
  options: { host: '127.0.0.1', port: 0, instance: `bench-${role}` },
});
const { port } = await caster.start();
process.stdout.write(`READY ${port}\n`);
stopWithRunner(() => {
  void caster
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
process.stdin.on('data', (chunk: Buffer) => {
  if (!chunk.toString().includes('GC')) return;
  (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  process.stdout.write(`GCDONE ${Math.round((memory.heapUsed + memory.external) / 1024)}\n`);
});
