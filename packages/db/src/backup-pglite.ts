import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import {
  type BackupContents,
  BackupError,
  type BackupHeader,
  headerFor,
  type KeyOptions,
  MAGIC,
  type RestoreResult,
  readBackup,
  readBackupContents,
  requireSameContents,
  sha256,
  writeAtomically,
} from './backup-file';
import { type DatabaseHandle, openPgliteSnapshot } from './client';

// Backups of the embedded database: its data folder as a gzipped tarball (docs/decisions/0066).

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

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
