import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import {
  type BackupContents,
  BackupError,
  type BackupHeader,
  CONTENTS_SQL,
  headerFor,
  type KeyOptions,
  MAGIC,
  parseContents,
  type RestoreResult,
  type Row,
  readBackup,
  requireSameContents,
  writeAtomically,
} from './backup-file';

// Backups of a PostgreSQL database through PostgreSQL's own tools: pg_dump, pg_restore and psql (docs/decisions/0066).

/**
 * Writes a backup of a PostgreSQL database with pg_dump, in one snapshot: the counts in the header are read in the
 * transaction whose snapshot pg_dump is given.
 */
export async function writePostgresBackup(out: string, url: string, keys: KeyOptions = {}): Promise<BackupHeader> {
  await requireTool('pg_dump');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const dumpFile = `${out}.dump-${process.pid}`;
  try {
    await client.query('begin isolation level repeatable read, read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]?.id as string;
    const facts = parseContents((await client.query<Row>(CONTENTS_SQL)).rows[0]);
    const connection = pgConnection(url);
    const hash = createHash('sha256');
    let bytes = 0;
    const dump = spawn('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--dbname=${connection.url}`], {
      env: connection.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stderr = collect(dump.stderr);
    dump.stdout.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      bytes += chunk.length;
    });
    const [written, [code]] = await Promise.all([
      pipeline(dump.stdout, createWriteStream(dumpFile, { mode: 0o600 })).then(
        () => true,
        () => false,
      ),
      once(dump, 'close') as Promise<[number | null]>,
    ]);
    if (code !== 0 || !written) throw new BackupError(`pg_dump failed: ${(await stderr).trim() || `exit ${code}`}`);
    await client.query('commit');
    const header = headerFor('postgres', facts, keys, { kind: 'pg-dump-custom', bytes, sha256: hash.digest('hex') });
    await writeAtomically(out, async (stream) => {
      stream.write(`${MAGIC}${JSON.stringify(header)}\n`);
      await pipeline(createReadStream(dumpFile), stream, { end: false });
    });
    return header;
  } finally {
    rmSync(dumpFile, { force: true });
    await client.end().catch(() => {});
  }
}

/**
 * Restores a backup of a PostgreSQL database with PostgreSQL's own tools (pg_restore into psql), in one transaction:
 * a failure anywhere leaves the database as it was. Checks the file and that pg_restore reads its archive before
 * connecting; a database with any table is refused unless `force`, and then emptied in the same transaction.
 */
export async function restorePostgres(path: string, url: string, options: { force?: boolean } = {}) {
  const { header, payloadOffset } = await readBackup(path);
  if (header.database !== 'postgres') {
    throw new BackupError(
      `${path} is a backup of the embedded database: restore it with DATABASE_URL unset and DATA_DIR set.`,
    );
  }
  await requireTool('pg_restore');
  await requireTool('psql');
  const list = await run('pg_restore', ['--list'], { input: createReadStream(path, { start: payloadOffset }) });
  if (list.code !== 0) throw new BackupError(`${path} is damaged: pg_restore cannot read it (${list.stderr.trim()}).`);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let schemas: string[];
  try {
    const tables = await client.query<{ n: string }>(
      `select count(*)::text as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
          and s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg\\_%'`,
    );
    if (Number(tables.rows[0]?.n) > 0 && !options.force) {
      throw new BackupError(
        'The PostgreSQL database already holds tables. Add --force to replace what it holds (in one transaction: ' +
          'if the restore fails, nothing changes).',
      );
    }
    schemas = (
      await client.query<{ name: string }>(
        `select nspname as name from pg_namespace
          where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_%'`,
      )
    ).rows.map((row) => row.name);
  } finally {
    await client.end();
  }

  const connection = pgConnection(url);
  const emptying = [
    ...schemas.map((name) => `DROP SCHEMA ${quoteIdentifier(name)} CASCADE;`),
    'CREATE SCHEMA public;',
  ].join(' ');
  // One transaction that only our own COMMIT ends, sent once pg_restore has finished and the restored counts are
  // those of the header: a pg_restore that fails part-way (psql would take the end of its output as the end of a
  // script, and commit), an error in psql or other counts all end the session without it, and nothing changes.
  const restore = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const psql = spawn('psql', ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', `--dbname=${connection.url}`], {
    env: connection.env,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  const restoreErrors = collect(restore.stderr);
  const psqlErrors = collect(psql.stderr);
  const restoreClosed = once(restore, 'close') as Promise<[number | null]>;
  const psqlClosed = once(psql, 'close') as Promise<[number | null]>;
  // Either may end first on an error; its exit code says so, not a broken pipe.
  restore.stdin.on('error', () => {});
  psql.stdin.on('error', () => {});
  psql.on('close', () => restore.kill());
  psql.stdin.write(`BEGIN;\n${options.force ? `${emptying}\n` : ''}`);
  restore.stdout.pipe(psql.stdin, { end: false });
  createReadStream(path, { start: payloadOffset }).pipe(restore.stdin);
  const [restoreCode] = await restoreClosed;
  if (restoreCode === 0) psql.stdin.write(`SET search_path TO public;\n${contentsCheck(header.contents)}\nCOMMIT;\n`);
  psql.stdin.end();
  const [psqlCode] = await psqlClosed;
  if (restoreCode !== 0 || psqlCode !== 0) {
    const detail = (await psqlErrors).trim() || (await restoreErrors).trim() || `exit ${psqlCode ?? restoreCode}`;
    throw new BackupError(`The restore failed and nothing was changed: ${detail}`);
  }

  const check = new pg.Client({ connectionString: url });
  await check.connect();
  try {
    const { contents } = parseContents((await check.query<Row>(CONTENTS_SQL)).rows[0]);
    requireSameContents(path, header, { contents });
    return { header, contents } satisfies RestoreResult;
  } finally {
    await check.end();
  }
}

/** SQL that fails unless the database holds the counts given (they are numbers from the header, written as such). */
function contentsCheck(expected: BackupContents) {
  const columns: Record<keyof BackupContents, string> = {
    users: 'users',
    ledgerEntries: 'ledger_entries',
    ledgerSum: 'ledger_sum',
    invoices: 'invoices',
    invoiceTotal: 'invoice_total',
  };
  const differs = (Object.keys(columns) as (keyof BackupContents)[])
    .map((key) => {
      const value = Number(expected[key]);
      if (!Number.isSafeInteger(value)) throw new BackupError('The backup header holds a count that is not a number.');
      return `found.${columns[key]}::numeric <> ${value}`;
    })
    .join(' or ');
  return `DO $check$ DECLARE found record; BEGIN
  SELECT * INTO found FROM (${CONTENTS_SQL}) AS contents;
  IF ${differs} THEN
    RAISE EXCEPTION 'the restored database does not hold what the backup header says: %', row_to_json(found);
  END IF;
END $check$;`;
}

/** The URL without its password, which goes to the tools in PGPASSWORD instead of their command line. */
function pgConnection(url: string) {
  const parsed = new URL(url);
  const env = { ...process.env };
  if (parsed.password) {
    env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = '';
  }
  return { url: parsed.toString(), env };
}

function quoteIdentifier(name: string) {
  return `"${name.replaceAll('"', '""')}"`;
}

async function requireTool(name: string) {
  const found = await run(name, ['--version']).catch(() => undefined);
  if (found?.code !== 0) {
    throw new BackupError(
      `${name} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client), ` +
        'the same major version as the server or newer.',
    );
  }
}

function collect(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return once(stream, 'end').then(
    () => Buffer.concat(chunks).toString('utf8'),
    () => Buffer.concat(chunks).toString('utf8'),
  );
}

async function run(command: string, args: string[], options: { input?: Readable } = {}) {
  const child = spawn(command, args, { stdio: [options.input ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
  const stderr = collect(child.stderr as Readable);
  if (options.input && child.stdin) {
    // pg_restore --list stops reading after the table of contents.
    child.stdin.on('error', () => {});
    options.input.pipe(child.stdin);
  }
  const [code] = (await once(child, 'close')) as [number | null];
  options.input?.destroy();
  return { code, stderr: await stderr };
}
