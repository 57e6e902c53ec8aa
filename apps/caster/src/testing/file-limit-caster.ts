// A caster in its own process for the file-limit test (file-limit.test.ts), started under a low `ulimit -n`:
// a fresh test database (PGlite, or TEST_DATABASE_URL), one network, station and account, then `createCaster` on
// port 0. Prints `READY <port> <username> <password> <source password>` on stdout, then the caster's warnings and errors as JSON
// lines. Stops (and drops its database) when stdin closes or on SIGTERM.
import { createCaster } from '../caster';
import { createJsonLogger } from '../logger';
import {
  defaultSourcePassword,
  fastOptions,
  grantAccess,
  openDatabase,
  secretBox,
  seedAccount,
  seedNetwork,
  seedStation,
} from './harness';

const database = await openDatabase();
const { networkId } = await seedNetwork(database, { code: 'LIMIT' });
await seedStation(database, { networkId, mountpoint: 'LIMIT1' });
const account = await seedAccount(database, { maxConnections: 100 });
await grantAccess(database, account.accountId, networkId);
const caster = createCaster({
  db: database.db,
  secretBox,
  logger: createJsonLogger('warn'),
  // Idle connections hold their descriptors for the whole test rather than the 1 s head timeout of fastOptions.
  options: { ...fastOptions, headTimeoutMs: 60_000, instance: `file-limit-${process.pid}` },
});
const { port } = await caster.start();
process.stdout.write(`READY ${port} ${account.username} ${account.password} ${defaultSourcePassword}\n`);

let isStopping = false;
const stop = async () => {
  if (isStopping) return;
  isStopping = true;
  setTimeout(() => process.exit(1), 10_000).unref();
  await caster.stop();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
