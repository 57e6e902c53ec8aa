// `npm run backup -- --out FILE [--with-key]`: a backup of the configured database (DATA_DIR's embedded one, also
// while the portal runs, or DATABASE_URL's through pg_dump) in one file; `npm run restore` reads it back.

import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError } from '@fixpoint/db';
import { runBackup } from '../backup/backup-commands';
import { EnvError, loadEnv } from '../config/env';

const usage = 'Usage: npm run backup -- --out <file> [--with-key]';
let values: { out?: string; 'with-key'?: boolean };
try {
  ({ values } = parseArgs({ options: { out: { type: 'string' }, 'with-key': { type: 'boolean' } } }));
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (!values.out) {
  console.error(usage);
  process.exit(2);
}

try {
  // npm runs scripts from the repository's root; a relative path means where the command was typed.
  const out = resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
  for (const line of await runBackup(loadEnv(), { out, withKey: values['with-key'] })) console.log(line);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}
