import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';

/**
 * Where recorded segments live (decision 0044): a folder on this machine or an S3 bucket. Keys are relative,
 * slash-separated paths such as `stations/<stationId>/2026/11/24/13/<startMs>.rtcm.gz`.
 */
export interface ArchiveStore {
  /** Stores the whole object or nothing: a reader never sees half of it. Overwrites an existing key. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** As put, from a local file read as it is sent: a large result (a day's RINEX zip) is never held in memory. */
  putFile(key: string, path: string): Promise<void>;
  /** Throws ArchiveObjectMissingError when there is no such object. */
  get(key: string): Promise<Uint8Array>;
  /** Missing keys are not an error (a sweep interrupted after its deletes runs again). */
  delete(keys: string[]): Promise<void>;
  /** For logs: where the objects go, never a credential. */
  describe(): string;
}

export class ArchiveObjectMissingError extends Error {
  constructor(readonly key: string) {
    super(`archive object missing: ${key}`);
    this.name = 'ArchiveObjectMissingError';
  }
}

const KEY_PATTERN = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/;

/** Refuses keys that could leave the store's folder or prefix: `..`, `.`, absolute paths, backslashes, `//`. */
export function assertArchiveKey(key: string): void {
  if (key.length > 512 || !KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`invalid archive key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}

/**
 * Objects as files under `rootDir`. Each put writes a temporary file beside the target, syncs it and renames it
 * over the target, so a crash leaves either the old object, the new one or a stray `.tmp-` file, never half an
 * object under the key.
 */
export function createLocalArchiveStore(rootDir: string): ArchiveStore {
  const root = resolve(rootDir);
  const pathOf = (key: string) => {
    assertArchiveKey(key);
    const path = join(root, key);
    // The pattern already rules this out; checked again because a path outside the root must never be written.
    if (!path.startsWith(root + sep)) throw new Error('invalid archive key');
    return path;
  };

  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
      try {
        const file = await open(temporary, 'wx');
        try {
          await file.writeFile(bytes);
          await file.sync();
        } finally {
          await file.close();
        }
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async putFile(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
      try {
        await copyFile(source, temporary);
        const file = await open(temporary, 'r+');
        try {
          await file.sync();
        } finally {
          await file.close();
        }
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ArchiveObjectMissingError(key);
        throw error;
      }
    },

    async delete(keys) {
      const folders = new Set<string>();
      for (const key of keys) {
        const path = pathOf(key);
        await rm(path, { force: true });
        folders.add(dirname(path));
      }
      // Hour folders emptied by a sweep go too, else years of retention leave thousands of empty folders.
      for (const folder of folders) await removeEmptyFolders(folder, root);
    },

    describe: () => `local ${root}`,
  };
}

async function removeEmptyFolders(folder: string, root: string): Promise<void> {
  for (let current = folder; current.startsWith(root + sep); current = dirname(current)) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty (or gone): its parents are not empty either
    }
  }
}

export interface S3ArchiveStoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, Ceph, R2...); unset: AWS. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: what most S3-compatible services want. */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several installations. */
  prefix?: string;
}

/** Objects in deleteObjects' largest batch. */
const S3_DELETE_BATCH = 1000;

/**
 * Objects in an S3 bucket through the AWS SDK v3. The SDK is loaded on first use, so installations on local disk
 * never load it. A PutObject is atomic in S3: the object appears whole or not at all.
 */
export function createS3ArchiveStore(options: S3ArchiveStoreOptions): ArchiveStore {
  const prefix = options.prefix ? `${options.prefix.replace(/\/+$/, '')}/` : '';
  type Sdk = typeof import('@aws-sdk/client-s3');
  let connection: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () => {
    connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        ...(options.endpoint && { endpoint: options.endpoint }),
        forcePathStyle: options.forcePathStyle,
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
        // Checksums only where S3 requires them: several S3-compatible services reject the SDK's newer defaults.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // A hung request must not hold a segment write for ever; the SDK retries 3 times itself.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      }),
    }));
    return connection;
  };
  const keyOf = (key: string) => {
    assertArchiveKey(key);
    return prefix + key;
  };

  return {
    async put(key, bytes) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: options.bucket,
          Key: keyOf(key),
          Body: bytes,
          ContentType: 'application/gzip',
        }),
      );
    },

    async putFile(key, path) {
      const { sdk, client } = await connect();
      // A stream of known length is sent in one PUT (up to 5 GB), never held in memory.
      const { size } = await stat(path);
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: options.bucket,
          Key: keyOf(key),
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: 'application/zip',
        }),
      );
    },

    async get(key) {
      const { sdk, client } = await connect();
      try {
        const response = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key: keyOf(key) }));
        if (!response.Body) throw new ArchiveObjectMissingError(key);
        return await response.Body.transformToByteArray();
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) throw new ArchiveObjectMissingError(key);
        throw error;
      }
    },

    async delete(keys) {
      if (keys.length === 0) return;
      const { sdk, client } = await connect();
      for (let start = 0; start < keys.length; start += S3_DELETE_BATCH) {
        const batch = keys.slice(start, start + S3_DELETE_BATCH).map((key) => ({ Key: keyOf(key) }));
        const response = await client.send(
          new sdk.DeleteObjectsCommand({ Bucket: options.bucket, Delete: { Objects: batch, Quiet: true } }),
        );
        const failed = response.Errors ?? [];
        // Deleting a missing key succeeds in S3; anything reported here is a real failure (access, throttling).
        if (failed.length > 0) {
          throw new Error(`S3 delete failed for ${failed.length} objects (first: ${failed[0]?.Code ?? 'unknown'})`);
        }
      }
    },

    // The endpoint's host only: a URL could carry user:password.
    describe: () =>
      `s3 ${options.bucket}/${prefix}${options.endpoint ? ` at ${new URL(options.endpoint).host}` : ` in ${options.region}`}`,
  };
}

/** The archive variables of the caster's environment (config.ts). */
export interface ArchiveStoreEnv {
  ARCHIVE_S3_BUCKET?: string | undefined;
  ARCHIVE_S3_REGION: string;
  ARCHIVE_S3_ENDPOINT?: string | undefined;
  ARCHIVE_S3_ACCESS_KEY_ID?: string | undefined;
  ARCHIVE_S3_SECRET_ACCESS_KEY?: string | undefined;
  ARCHIVE_S3_FORCE_PATH_STYLE: boolean;
}

/** S3 when ARCHIVE_S3_BUCKET is set (loadCasterEnv requires its keys then), else `<dataDir>/archive`. */
export function archiveStoreFromEnv(env: ArchiveStoreEnv, dataDir: string): ArchiveStore {
  if (!env.ARCHIVE_S3_BUCKET) return createLocalArchiveStore(join(dataDir, 'archive'));
  return createS3ArchiveStore({
    bucket: env.ARCHIVE_S3_BUCKET,
    region: env.ARCHIVE_S3_REGION,
    ...(env.ARCHIVE_S3_ENDPOINT && { endpoint: env.ARCHIVE_S3_ENDPOINT }),
    accessKeyId: env.ARCHIVE_S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.ARCHIVE_S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: env.ARCHIVE_S3_FORCE_PATH_STYLE,
  });
}
