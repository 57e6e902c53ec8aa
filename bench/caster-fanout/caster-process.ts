// The caster under test, in its own process: a fresh database (in-memory PGlite, or a new database on
// TEST_DATABASE_URL's server) with one network, one station and one account with access, then `createCaster` on
// port 0. Prints `READY <port> <username> <password>` for the load process.
import { createCaster, silentLogger } from '@fixpoint/caster';
import { createSecretBox } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';
import { seedBenchAccount, seedHostedNetwork, stopWithRunner } from '../seed';

const secretBox = createSecretBox('d'.repeat(64));
const database = await createTestDatabase();
const networkId = await seedHostedNetwork(database.db, {
  code: 'BENCH',
  mountpoint: 'BENCH1',
  sourcePassword: 'benchpw',
});
await seedBenchAccount(database.db, secretBox, { networkId, username: 'BENCH', password: 'roverpw', unlimited: true });
const caster = createCaster({
  db: database.db,
  secretBox,
  logger: silentLogger,
  options: { host: '127.0.0.1', port: 0, instance: 'bench' },
});
const { port } = await caster.start();
process.stdout.write(`READY ${port} BENCH roverpw\n`);
// Closing the database drops it again when it is a fresh one on TEST_DATABASE_URL's server.
stopWithRunner(() => {
  void caster
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
