import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type Database, migrationsFolder } from './client';

// One backup file for either database (docs/decisions/0066): a first line naming the format, a line of JSON saying
// what is inside (and how to check it), then the payload: PGlite's data folder as a gzipped tarball
// (backup-pglite.ts), or PostgreSQL's own pg_dump archive in custom format (backup-postgres.ts).

export const MAGIC = 'FIXPOINT-BACKUP 1\n';
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

export interface KeyOptions {
  /** The key in use, for its fingerprint. */
  currentKey?: string;
  /** Carry the key itself in the file. */
  includeKey?: boolean;
}

export const CONTENTS_SQL = `select
  (select count(*) from users)::text as users,
  (select count(*) from credit_ledger)::text as ledger_entries,
  (select coalesce(sum(amount), 0) from credit_ledger)::text as ledger_sum,
  (select count(*) from invoices)::text as invoices,
  (select coalesce(sum(total), 0) from invoices)::text as invoice_total,
  (select count(*) from drizzle.__drizzle_migrations)::text as migration_count,
  (select coalesce(max(created_at), 0) from drizzle.__drizzle_migrations)::text as last_migration`;

export type Row = Record<string, string>;

export function parseContents(row: Row | undefined): Pick<BackupHeader, 'contents' | 'migrations'> {
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

export function headerFor(
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

export function requireSameContents(path: string, header: BackupHeader, found: Pick<BackupHeader, 'contents'>) {
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

export async function writeAtomically(out: string, write: (stream: NodeJS.WritableStream) => Promise<void>) {
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

export function sha256(data: Uint8Array) {
  return createHash('sha256').update(data).digest('hex');
}
