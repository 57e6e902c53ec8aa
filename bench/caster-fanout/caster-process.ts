// The caster under test, in its own process: a fresh database (in-memory PGlite, or a new database on
// TEST_DATABASE_URL's server) with one network, one station and one account with access, then `createCaster` on
// port 0. Prints `READY <port> <username> <password>` for the load process.
//   args: [--record [flushSeconds]] [--sources K] [--accounts N] [--read-slice ms]
// --record turns the RTCM archive on (a local store in a temporary folder, a segment every 5 s unless given: shorter
// than the default 60 s so that writes fall inside the measured 20 s); on stop it prints `ARCHIVE <json>` with what
// was stored. --sources K adds stations BENCH2..BENCH<K+1> (same source password) for run.ts's extra sources.
// --accounts N adds rover accounts BENCH2..BENCH<N> with the same password (the churn benchmark rotates them).
// --read-slice sets how long a rover's socket goes unread once its position is known (decision 0080; 0: never).
// A line `HEAP` on stdin prints `HEAP <json>`: process.memoryUsage() after a full collection when the process runs
// with --expose-gc (the churn benchmark's leak check).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCaster, createLocalArchiveStore, silentLogger } from '@fixpoint/caster';
import { createSecretBox, hashSecret, schema } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';
import { sql } from 'drizzle-orm';
import { seedBenchAccount, seedHostedNetwork, stopWithRunner } from '../seed';

const args = process.argv.slice(2);
const isRecording = args.includes('--record');
const flushArgument = Number(args[args.indexOf('--record') + 1]);
const recordFlushMs = (flushArgument > 0 ? flushArgument : 5) * 1000;
const sourcesAt = args.indexOf('--sources');
const extraSources = sourcesAt === -1 ? 0 : Number(args[sourcesAt + 1]);
const accountsAt = args.indexOf('--accounts');
const accountCount = accountsAt === -1 ? 1 : Math.max(1, Number(args[accountsAt + 1]));
const sliceAt = args.indexOf('--read-slice');
const readSlice = sliceAt === -1 ? {} : { roverReadSliceMs: Number(args[sliceAt + 1]) };

const secretBox = createSecretBox('d'.repeat(64));
const database = await createTestDatabase();
const networkId = await seedHostedNetwork(database.db, {
  code: 'BENCH',
  mountpoint: 'BENCH1',
  sourcePassword: 'benchpw',
});
if (extraSources > 0) {
  const sourcePasswordHash = await hashSecret('benchpw', { logN: 10 });
  await database.db
    .insert(schema.stations)
    .values(
      Array.from({ length: extraSources }, (_, i) => ({ networkId, mountpoint: `BENCH${i + 2}`, sourcePasswordHash })),
    );
}
for (let i = 1; i <= accountCount; i++) {
  const username = i === 1 ? 'BENCH' : `BENCH${i}`;
  await seedBenchAccount(database.db, secretBox, { networkId, username, password: 'roverpw', unlimited: true });
}
const archiveDir = isRecording ? await mkdtemp(join(tmpdir(), 'fixpoint-bench-archive-')) : undefined;
const caster = createCaster({
  db: database.db,
  secretBox,
  logger: silentLogger,
  options: {
    host: '127.0.0.1',
    port: 0,
    instance: 'bench',
    ...readSlice,
    ...(archiveDir && { archive: { store: createLocalArchiveStore(archiveDir), flushMs: recordFlushMs } }),
  },
});
const { port } = await caster.start();
process.stdout.write(`READY ${port} BENCH roverpw\n`);
process.stdin.on('data', (chunk: Buffer) => {
  if (!chunk.toString().includes('HEAP')) return;
  (globalThis as { gc?: () => void }).gc?.();
  process.stdout.write(`HEAP ${JSON.stringify(process.memoryUsage())}\n`);
});

/** What the archive holds after the caster stopped (its buffers are written on stop). */
async function archiveReport() {
  const [row] = await database.db
    .select({
      segments: sql<number>`count(*)::int`,
      frames: sql<number>`coalesce(sum(${schema.archiveSegments.frames}), 0)::int`,
      rawBytes: sql<number>`coalesce(sum(${schema.archiveSegments.rawBytes}), 0)::int`,
      storedBytes: sql<number>`coalesce(sum(${schema.archiveSegments.storedBytes}), 0)::int`,
    })
    .from(schema.archiveSegments);
  return row;
}

// Closing the database drops it again when it is a fresh one on TEST_DATABASE_URL's server.
stopWithRunner(() => {
  void caster
    .stop()
    .then(async () => {
      if (archiveDir) {
        process.stdout.write(`ARCHIVE ${JSON.stringify(await archiveReport())}\n`);
        await rm(archiveDir, { recursive: true, force: true });
      }
    })
    .then(() => database.close())
    .then(() => process.exit(0));
});
