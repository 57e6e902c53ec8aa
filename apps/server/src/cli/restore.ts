// `npm run restore -- FILE [--force]`: puts a backup made by `npm run backup` back into the configured database
// (DATA_DIR's embedded one with the portal stopped, or DATABASE_URL's through pg_restore). The file is checked
// before anything is touched, and a database that holds data is replaced only with --force.

import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError } from '@fixpoint/db';
import { runRestore } from '../backup/backup-commands';
import { EnvError, loadEnv } from '../config/env';

const usage = 'Usage: npm run restore -- <file> [--force]';
let parsed: { values: { force?: boolean }; positionals: string[] };
try {
  parsed = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const [file, ...extra] = parsed.positionals;
if (!file || extra.length > 0) {
  console.error(usage);
  process.exit(2);
}

try {
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  for (const line of await runRestore(loadEnv(), { file: path, force: parsed.values.force })) console.log(line);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}
