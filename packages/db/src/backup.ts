import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { type Database, type DatabaseHandle, migrationsFolder, openPgliteSnapshot } from './client';

// One backup file for either database (docs/decisions/0066): a first line naming the format, a line of JSON saying
// what is inside (and how to check it), then the payload: PGlite's data folder as a gzipped tarball, or PostgreSQL's
// own pg_dump archive (custom format).

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

const MAGIC = 'FIXPOINT-BACKUP 1\n';
const MAX_HEADER_BYTES = 64 * 1024;

/** What a backup holds, counted in the same snapshot it was taken from; a restore finds the same. */
export interface BackupContents {
  users: number;
  ledgerEntries: number;
  /** Sum of all ledger amounts (credits). */
  ledgerSum: number;
  invoices: number;
  /** Sum of all invoice totals (minor units, whatever the currency). */
  invoiceTotal: number;
}

export interface BackupHeader {
  format: 1;
  database: 'pglite' | 'postgres';
  createdAt: string;
  payload: { kind: 'pglite-tar-gzip' | 'pg-dump-custom'; bytes: number; sha256: string };
  /** Migrations applied to the database: how many, and the newest one's timestamp (drizzle's `created_at`). */
  migrations: { count: number; last: number };
  contents: BackupContents;
  /** Tells apart the key the NTRIP passwords were encrypted with, without revealing it (see `keyFingerprint`). */
  keyFingerprint: string | null;
  /** The key itself, only when the backup was asked to carry it. */
  secretKey?: string;
}

/** A backup that cannot be made or restored, with a message for the operator. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The first 16 hex characters of a SHA-256 over a fixed label and the key. */
export function keyFingerprint(key: string): string {
  return createHash('sha256').update(`fixpoint backup key:${key.trim()}`).digest('hex').slice(0, 16);
}

interface KeyOptions {
  /** The key in use, for its fingerprint. */
  currentKey?: string;
  /** Carry the key itself in the file. */
  includeKey?: boolean;
}

const CONTENTS_SQL = `select
  (select count(*) from users)::text as users,
  (select count(*) from credit_ledger)::text as ledger_entries,
  (select coalesce(sum(amount), 0) from credit_ledger)::text as ledger_sum,
  (select count(*) from invoices)::text as invoices,
  (select coalesce(sum(total), 0) from invoices)::text as invoice_total,
  (select count(*) from drizzle.__drizzle_migrations)::text as migration_count,
  (select coalesce(max(created_at), 0) from drizzle.__drizzle_migrations)::text as last_migration`;

type Row = Record<string, string>;

function parseContents(row: Row | undefined): Pick<BackupHeader, 'contents' | 'migrations'> {
  if (!row) throw new BackupError('The database could not be read.');
  return {
    contents: {
      users: Number(row.users),
      ledgerEntries: Number(row.ledger_entries),
      ledgerSum: Number(row.ledger_sum),
      invoices: Number(row.invoices),
      invoiceTotal: Number(row.invoice_total),
    },
    migrations: { count: Number(row.migration_count), last: Number(row.last_migration) },
  };
}

/** Counts what a database holds (users, ledger, invoices) and which migrations it has. */
export async function readBackupContents(db: Database) {
  const result = (await db.execute(sql.raw(CONTENTS_SQL))) as unknown as { rows: Row[] };
  return parseContents(result.rows[0]);
}

/** PGlite's data folder as the payload of a backup: a consistent tarball (see dumpSnapshot), gzipped. */
export async function pgliteArchive(handle: DatabaseHandle): Promise<Uint8Array> {
  return new Uint8Array(await gzip(await handle.dumpSnapshot()));
}

/**
 * Writes a backup of an embedded database from its archive (`pgliteArchive`, made here or by the running server):
 * the archive is first opened in memory, which proves it is whole and counts what it holds.
 */
export async function writePgliteBackup(
  out: string,
  archive: Uint8Array,
  keys: KeyOptions = {},
): Promise<BackupHeader> {
  const facts = await openArchive(archive, async (handle) => readBackupContents(handle.db));
  const header = headerFor('pglite', facts, keys, {
    kind: 'pglite-tar-gzip',
    bytes: archive.byteLength,
    sha256: sha256(archive),
  });
  await writeAtomically(out, async (stream) => {
    stream.write(`${MAGIC}${JSON.stringify(header)}\n`);
    stream.write(archive);
  });
  return header;
}

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

function headerFor(
  database: BackupHeader['database'],
  facts: Pick<BackupHeader, 'contents' | 'migrations'>,
  keys: KeyOptions,
  payload: BackupHeader['payload'],
): BackupHeader {
  return {
    format: 1,
    database,
    createdAt: new Date().toISOString(),
    payload,
    ...facts,
    keyFingerprint: keys.currentKey ? keyFingerprint(keys.currentKey) : null,
    ...(keys.includeKey && keys.currentKey ? { secretKey: keys.currentKey.trim() } : {}),
  };
}

/**
 * Reads and checks a backup file without touching any database: its format line, its header, the payload's length
 * and SHA-256, and that no migration in it is newer than this code's.
 */
export async function readBackup(path: string): Promise<{ header: BackupHeader; payloadOffset: number }> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    throw new BackupError(`${path}: no such file.`);
  }
  const handle = await open(path, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(Math.min(size, MAX_HEADER_BYTES));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (!head.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC))) {
    throw new BackupError(`${path} is not a Fixpoint backup.`);
  }
  const end = head.indexOf(10, MAGIC.length);
  if (end < 0) throw new BackupError(`${path} is damaged: its header is cut off.`);
  let header: BackupHeader;
  try {
    header = JSON.parse(head.subarray(MAGIC.length, end).toString('utf8')) as BackupHeader;
  } catch {
    throw new BackupError(`${path} is damaged: its header is not readable.`);
  }
  if (header.format !== 1 || !header.payload || !header.contents || !header.migrations) {
    throw new BackupError(`${path} was made by another version of Fixpoint (format ${String(header.format)}).`);
  }
  const payloadOffset = end + 1;
  if (size - payloadOffset !== header.payload.bytes) {
    throw new BackupError(
      `${path} is damaged: it holds ${size - payloadOffset} bytes of data where ${header.payload.bytes} were written.`,
    );
  }
  const hash = createHash('sha256');
  await pipeline(createReadStream(path, { start: payloadOffset }), hash);
  if (hash.digest('hex') !== header.payload.sha256) {
    throw new BackupError(`${path} is damaged: its data does not match the checksum written with it.`);
  }
  const known = readMigrationFiles({ migrationsFolder });
  const newest = Math.max(0, ...known.map((migration) => migration.folderMillis));
  if (header.migrations.last > newest) {
    throw new BackupError(
      `${path} was made by a newer version of Fixpoint (its database has changes this version does not know); ` +
        'update Fixpoint first.',
    );
  }
  return { header, payloadOffset };
}

export interface RestoreResult {
  header: BackupHeader;
  /** Restored over an existing database (--force): where the embedded one was moved to, kept. */
  movedAside?: string;
  /** What the restored database holds, counted again after the restore. */
  contents: BackupContents;
}

/**
 * Restores a backup of the embedded database into the folder `dbDir` (DATA_DIR/db). A database already there is
 * refused unless `force`, and then moved aside (kept), never deleted. The file is checked first; the restored
 * folder is written beside `dbDir` and put in place only once it opened and held what the header says.
 */
export async function restorePglite(path: string, dbDir: string, options: { force?: boolean } = {}) {
  const { header, payloadOffset } = await readBackup(path);
  if (header.database !== 'pglite') {
    throw new BackupError(
      `${path} is a backup of a PostgreSQL database: restore it with DATABASE_URL set to the PostgreSQL database.`,
    );
  }
  const target = resolve(dbDir);
  const holdsDatabase = existsSync(target) && readdirSync(target).length > 0;
  if (holdsDatabase && !options.force) {
    throw new BackupError(
      `${target} already holds a database. Add --force to replace it (the present one is moved aside, not deleted).`,
    );
  }
  const snapshot = await gunzipPayload(path, (await readFile(path)).subarray(payloadOffset));
  const stamp = new Date().toISOString().replaceAll(/[:.]/g, '-');
  const staging = join(dirname(target), `.${basename(target)}.restoring-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  let contents: BackupContents;
  try {
    const restored = await openPgliteSnapshot(snapshot, staging).catch((error: unknown) => {
      throw new BackupError(
        `${path} does not open as a database (${error instanceof Error ? error.message : String(error)}).`,
      );
    });
    try {
      ({ contents } = await readBackupContents(restored.db));
    } finally {
      await restored.close();
    }
    requireSameContents(path, header, { contents });
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  let movedAside: string | undefined;
  if (existsSync(target)) {
    movedAside = holdsDatabase ? `${target}.replaced-${stamp}` : undefined;
    if (movedAside) renameSync(target, movedAside);
    else rmSync(target, { recursive: true, force: true });
  }
  renameSync(staging, target);
  return { header, movedAside, contents } satisfies RestoreResult;
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

function requireSameContents(path: string, header: BackupHeader, found: Pick<BackupHeader, 'contents'>) {
  const expected = header.contents;
  const differs = (Object.keys(expected) as (keyof BackupContents)[]).filter(
    (key) => expected[key] !== found.contents[key],
  );
  if (differs.length > 0) {
    throw new BackupError(
      `${path} does not hold what its header says (${differs
        .map((key) => `${key}: ${found.contents[key]} instead of ${expected[key]}`)
        .join(', ')}).`,
    );
  }
}

async function gunzipPayload(path: string, archive: Uint8Array): Promise<Uint8Array> {
  try {
    return new Uint8Array(await gunzip(archive));
  } catch {
    throw new BackupError(`${path} is damaged: its archive cannot be unpacked.`);
  }
}

async function openArchive<T>(archive: Uint8Array, read: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const tar = await gunzipPayload('The archive', archive);
  let handle: DatabaseHandle;
  try {
    handle = await openPgliteSnapshot(tar);
  } catch (error) {
    throw new BackupError(
      `The archive does not open as a database (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  try {
    return await read(handle);
  } finally {
    await handle.close();
  }
}

async function writeAtomically(out: string, write: (stream: NodeJS.WritableStream) => Promise<void>) {
  const partial = `${out}.partial-${process.pid}`;
  const stream = createWriteStream(partial, { mode: 0o600 });
  try {
    await write(stream);
    stream.end();
    await once(stream, 'finish');
    renameSync(partial, out);
  } catch (error) {
    stream.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}

function sha256(data: Uint8Array) {
  return createHash('sha256').update(data).digest('hex');
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
