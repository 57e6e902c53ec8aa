// `npm run admin:create -- --email you@example.com --password '…' [--name 'Your Name']`: creates an admin, or makes an
// existing account an admin, on the configured database (DATA_DIR or DATABASE_URL), without starting the server.

import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateSecretKey, openDatabase } from '@fixpoint/db';
import pino from 'pino';
import { loadEnv } from '../config/env';
import { passwordPolicyFromEnv } from '../config/password-policy';
import { AdminBootstrapError, ensureAdmin } from '../modules/auth/admin-bootstrap';
import { createAuth } from '../modules/auth/auth';
import { createMailer } from '../modules/mail/mailer';

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
if (!values.email || !values.password || values.password.length < 8) {
  console.error('Usage: npm run admin:create -- --email <address> --password <at least 8 characters> [--name <name>]');
  process.exit(2);
}

const env = loadEnv();
const logger = pino({ level: 'warn' });
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: `${env.DATA_DIR}/db` });
await database.migrate();
const auth = createAuth({
  db: database.db,
  // Only used to sign sessions, and this command creates none.
  secret: env.SECRET_KEY ?? generateSecretKey(),
  mailer: createMailer({ from: env.MAIL_FROM, outboxDir: join(env.DATA_DIR, 'outbox'), logger }),
  logger,
  passwordPolicy: passwordPolicyFromEnv(env),
  trustedOrigins: [],
  trustProxy: false,
});
try {
  const result = await ensureAdmin(
    { auth, db: database.db },
    { email: values.email, password: values.password, name: values.name },
    'cli',
  );
  console.log(result.created ? `Admin ${result.email} created.` : `${result.email} is an admin (password unchanged).`);
} catch (error) {
  // An existing account is promoted only when it is verified and --password is its password (decision 0061).
  if (!(error instanceof AdminBootstrapError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
