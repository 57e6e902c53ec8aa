import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveObjectMissingError, type ArchiveStore, createS3ArchiveStore } from './archive-store';

// The S3 store against a real S3-compatible server speaking the wire protocol the SDK uses: s3rver, a local S3
// implementation on npm (STACK.md), on a port of its own and a temporary folder.

const bucket = `archive-${randomBytes(4).toString('hex')}`;
// s3rver knows one access key id, S3RVER; the secret is made here and s3rver is told to accept any signature.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: randomBytes(20).toString('hex') };
const directory = mkdtempSync(join(tmpdir(), 'fixpoint-s3-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  allowMismatchedSignatures: true,
});
let endpoint = '';

beforeAll(async () => {
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: 'eu-west-1', endpoint, forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
}, 30_000);

afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('S3 archive store (s3rver)', () => {
  const store = (): ArchiveStore =>
    createS3ArchiveStore({
      bucket,
      region: 'eu-west-1',
      endpoint,
      forcePathStyle: true,
      prefix: 'fixpoint/',
      ...credentials,
    });

  it('puts, gets and deletes objects under its prefix', async () => {
    const archive = store();
    const keys = Array.from({ length: 3 }, (_, i) => `stations/s1/2026/11/24/13/${1795957200000 + i}.rtcm.gz`);
    const bytes = keys.map(() => new Uint8Array(randomBytes(2048)));
    for (const [i, key] of keys.entries()) await archive.put(key, bytes[i] as Uint8Array);
    expect(Buffer.from(await archive.get(keys[1] as string))).toEqual(Buffer.from(bytes[1] as Uint8Array));
    // A local file (a RINEX zip) is sent as a stream of known length.
    const folder = mkdtempSync(join(tmpdir(), 'fixpoint-s3-file-'));
    const file = join(folder, 'result.zip');
    writeFileSync(file, bytes[0] as Uint8Array);
    await archive.putFile('rinex/job.zip', file);
    expect(Buffer.from(await archive.get('rinex/job.zip'))).toEqual(Buffer.from(bytes[0] as Uint8Array));
    await archive.delete(['rinex/job.zip']);
    rmSync(folder, { recursive: true, force: true });

    const client = new S3Client({ region: 'eu-west-1', endpoint, forcePathStyle: true, credentials });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    expect(listed.Contents?.map((object) => object.Key).sort()).toEqual(keys.map((key) => `fixpoint/${key}`));

    await archive.delete([...keys.slice(0, 2), 'stations/s1/never-written.rtcm.gz']);
    await expect(archive.get(keys[0] as string)).rejects.toBeInstanceOf(ArchiveObjectMissingError);
    expect((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).KeyCount).toBe(1);
    client.destroy();
  });

  it('refuses keys that could leave its prefix and never shows credentials', async () => {
    const archive = store();
    await expect(archive.put('../other/x', new Uint8Array([1]))).rejects.toThrow(/invalid archive key/);
    expect(archive.describe()).toBe(`s3 ${bucket}/fixpoint/ at ${new URL(endpoint).host}`);
    expect(archive.describe()).not.toContain(credentials.secretAccessKey);
  });
});
