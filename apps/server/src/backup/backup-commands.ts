import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type BackupContents,
  BackupError,
  type BackupHeader,
  keyFingerprint,
  openDatabase,
  pgliteArchive,
  restorePglite,
  restorePostgres,
  writePgliteBackup,
  writePostgresBackup,
} from '@fixpoint/db';
import type { Env } from '../config/env';
import { runningServer } from './backup-endpoint';

// `npm run backup` and `npm run restore` (apps/server/src/cli): the choices are in docs/decisions/0066. Each answers
// the lines to print; a BackupError's message is for the operator as it is.

type BackupEnv = Pick<Env, 'DATA_DIR' | 'DATABASE_URL' | 'SECRET_KEY'>;

const keyFile = (env: BackupEnv) => join(env.DATA_DIR, 'secret.key');

/** The key the NTRIP passwords are encrypted with here: SECRET_KEY, else DATA_DIR/secret.key on the embedded one. */
function currentKey(env: BackupEnv): string | undefined {
  if (env.SECRET_KEY) return env.SECRET_KEY.trim();
  if (env.DATABASE_URL || !existsSync(keyFile(env))) return undefined;
  return readFileSync(keyFile(env), 'utf8').trim();
}

function describe(contents: BackupContents) {
  return (
    `${contents.users} users, ${contents.ledgerEntries} ledger entries (sum ${contents.ledgerSum} credits), ` +
    `${contents.invoices} invoices (total ${(contents.invoiceTotal / 100).toFixed(2)})`
  );
}

export async function runBackup(env: BackupEnv, options: { out: string; withKey?: boolean }): Promise<string[]> {
  const key = currentKey(env);
  if (options.withKey && !key) {
    throw new BackupError(
      env.DATABASE_URL ? 'SECRET_KEY is not set: there is no key to include.' : `${keyFile(env)} does not exist.`,
    );
  }
  const keys = { currentKey: key, includeKey: options.withKey };
  let header: BackupHeader;
  let how: string;
  if (env.DATABASE_URL) {
    header = await writePostgresBackup(options.out, env.DATABASE_URL, keys);
    how = 'the PostgreSQL database (pg_dump)';
  } else {
    const server = runningServer(env.DATA_DIR);
    let archive: Uint8Array;
    if (server) {
      archive = await server.archive();
      how = `the embedded database, from the running portal (process ${server.pid})`;
    } else {
      const dbDir = join(env.DATA_DIR, 'db');
      if (!existsSync(join(dbDir, 'PG_VERSION'))) throw new BackupError(`${dbDir} holds no database.`);
      const database = await openDatabase({ dataDir: dbDir });
      try {
        archive = await pgliteArchive(database);
      } finally {
        await database.close();
      }
      how = `the embedded database in ${dbDir}`;
    }
    header = await writePgliteBackup(options.out, archive, keys);
  }
  const megabytes = (header.payload.bytes / 1024 / 1024).toFixed(1);
  return [
    `Backup of ${how} written to ${options.out} (${megabytes} MB): ${describe(header.contents)}.`,
    header.secretKey
      ? 'It carries the secret key the NTRIP passwords are encrypted with: keep it as safe as the key itself.'
      : key
        ? `The NTRIP passwords in it are encrypted with the secret key (fingerprint ${keyFingerprint(key)}), which it ` +
          `does not carry: keep ${env.SECRET_KEY ? 'SECRET_KEY' : keyFile(env)} with the backup, stored apart from it.`
        : 'No secret key is set yet, so no NTRIP password is stored.',
  ];
}

export async function runRestore(env: BackupEnv, options: { file: string; force?: boolean }): Promise<string[]> {
  const lines: string[] = [];
  let header: BackupHeader;
  if (env.DATABASE_URL) {
    const result = await restorePostgres(options.file, env.DATABASE_URL, options);
    header = result.header;
    lines.push(
      `Restored the backup of ${header.createdAt} into the PostgreSQL database: ${describe(result.contents)}.`,
    );
  } else {
    const server = runningServer(env.DATA_DIR);
    if (server) {
      throw new BackupError(
        `The portal is running on ${env.DATA_DIR} (process ${server.pid}): stop it before restoring, then start it again.`,
      );
    }
    const result = await restorePglite(options.file, join(env.DATA_DIR, 'db'), options);
    header = result.header;
    lines.push(
      `Restored the backup of ${header.createdAt} into ${join(env.DATA_DIR, 'db')}: ${describe(result.contents)}.`,
    );
    if (result.movedAside) {
      lines.push(`The database that was there is kept in ${result.movedAside}; delete it once you are satisfied.`);
    }
  }
  lines.push(...restoreKey(env, header));
  lines.push('The next start applies any newer changes to the database itself.');
  return lines;
}

/** Puts a carried key where the portal reads it, or says which key the restored NTRIP passwords need. */
function restoreKey(env: BackupEnv, header: BackupHeader): string[] {
  const key = currentKey(env);
  const matches = key !== undefined && header.keyFingerprint === keyFingerprint(key);
  if (!header.keyFingerprint || matches) return [];
  if (header.secretKey && !env.SECRET_KEY && !env.DATABASE_URL) {
    const file = keyFile(env);
    const lines: string[] = [];
    if (existsSync(file)) {
      const aside = `${file}.replaced-${new Date().toISOString().replaceAll(/[:.]/g, '-')}`;
      renameSync(file, aside);
      lines.push(`The key that was in ${file} is kept in ${aside}.`);
    }
    writeFileSync(file, `${header.secretKey}\n`, { mode: 0o600 });
    return [`Wrote the backup's secret key to ${file}.`, ...lines];
  }
  if (header.secretKey) {
    return [
      'WARNING: the NTRIP passwords were encrypted with the key this backup carries, not with SECRET_KEY. Set ' +
        `SECRET_KEY=${header.secretKey} for every server and caster process.`,
    ];
  }
  return [
    `WARNING: the NTRIP passwords were encrypted with the key of fingerprint ${header.keyFingerprint}, ` +
      `${key ? `not with this one (${keyFingerprint(key)})` : 'and no key is set here'}. Put the key kept with the ` +
      `backup in ${env.DATABASE_URL ? 'SECRET_KEY' : `SECRET_KEY or ${keyFile(env)}`} before starting the portal, ` +
      'or the NTRIP passwords can be neither shown nor checked.',
  ];
}
