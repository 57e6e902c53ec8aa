// The caster under test, in its own process: a fresh database (in-memory PGlite, or a new database on
// TEST_DATABASE_URL's server) with one network, one station and one account with access, then `createCaster` on
// port 0. Prints `READY <port> <username> <password>` for the load process.
import { createCaster, silentLogger } from '@fixpoint/caster';
import { createSecretBox, hashSecret, schema } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';

const secretBox = createSecretBox('d'.repeat(64));
const database = await createTestDatabase();
const [network] = await database.db
  .insert(schema.networks)
  .values({ code: 'BENCH', name: 'Bench', kind: 'hosted', dailyPrice: 1, isPublished: true })
  .returning();
const networkId = network?.id ?? '';
await database.db
  .insert(schema.stations)
  .values({ networkId, mountpoint: 'BENCH1', sourcePasswordHash: await hashSecret('benchpw', { logN: 10 }) });
await database.db.insert(schema.users).values({ id: 'bench-user', name: 'Bench', email: 'bench@example.test' });
const [account] = await database.db
  .insert(schema.ntripAccounts)
  .values({
    username: 'BENCH',
    passwordEnc: secretBox.encrypt('roverpw'),
    name: 'bench',
    ownerUserId: 'bench-user',
    maxConnections: 100,
  })
  .returning();
await database.db.insert(schema.accessWindows).values({
  accountId: account?.id ?? '',
  networkId,
  source: 'admin',
  startsAt: new Date(Date.now() - 60_000),
  endsAt: new Date(Date.now() + 86_400_000),
});
// maxConnections is capped at 100 by the schema: the bench lets one account hold every rover by raising it here.
await database.db.execute(
  (await import('drizzle-orm')).sql`alter table ntrip_accounts drop constraint ntrip_accounts_max_connections`,
);
await database.db.execute((await import('drizzle-orm')).sql`update ntrip_accounts set max_connections = 1000000`);
const caster = createCaster({
  db: database.db,
  secretBox,
  logger: silentLogger,
  options: { host: '127.0.0.1', port: 0, instance: 'bench' },
});
const { port } = await caster.start();
process.stdout.write(`READY ${port} BENCH roverpw\n`);
let isStopping = false;
const stop = () => {
  if (isStopping) return;
  isStopping = true;
  // Closing the database drops it again when it is a fresh one on TEST_DATABASE_URL's server.
  void caster
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
};
process.on('SIGTERM', stop);
// run.ts gone (stdin closed): stop too, rather than linger with its database.
process.stdin.on('end', stop);
process.stdin.resume();
