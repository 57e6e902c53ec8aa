import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArchiveObjectMissingError, type ArchiveStore, createLocalArchiveStore } from './archive-store';

let root: string;
let store: ArchiveStore;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fixpoint-archive-'));
  store = createLocalArchiveStore(join(root, 'archive'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function filesUnder(folder: string): Promise<string[]> {
  return (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
    .sort();
}

describe('local archive store', () => {
  const key = 'stations/8a1c/2026/11/24/13/1795957200000.rtcm.gz';

  it('puts, gets and deletes objects by key, and removes the folders a delete empties', async () => {
    await store.put(key, new Uint8Array([1, 2, 3]));
    await store.put('stations/8a1c/2026/11/24/14/1795960800000.rtcm.gz', new Uint8Array([4]));
    expect([...(await store.get(key))]).toEqual([1, 2, 3]);
    await store.delete([key, 'stations/8a1c/2026/11/24/12/missing.rtcm.gz']);
    await expect(store.get(key)).rejects.toBeInstanceOf(ArchiveObjectMissingError);
    await expect(stat(join(root, 'archive/stations/8a1c/2026/11/24/13'))).rejects.toThrow();
    expect(await filesUnder(join(root, 'archive'))).toEqual(['stations/8a1c/2026/11/24/14/1795960800000.rtcm.gz']);
    expect(store.describe()).toBe(`local ${join(root, 'archive')}`);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const bad of ['../escape.gz', 'stations/../../escape.gz', '/etc/passwd', 'a//b', 'a/./b', 'a\\b', '', 'a/']) {
      await expect(store.put(bad, new Uint8Array([1]))).rejects.toThrow(/invalid archive key/);
      await expect(store.get(bad)).rejects.toThrow(/invalid archive key/);
      await expect(store.delete([bad])).rejects.toThrow(/invalid archive key/);
    }
    expect(await readdir(root)).toEqual([]);
  });

  it('writes atomically: readers see the old or the new object whole, and a failed write leaves nothing', async () => {
    const old = new Uint8Array(1024 * 1024).fill(1);
    const next = new Uint8Array(1024 * 1024).fill(2);
    await store.put(key, old);
    const reads: Uint8Array[] = [];
    const writing = store.put(key, next);
    while (reads.length < 20) reads.push(await store.get(key));
    await writing;
    for (const read of [...reads, await store.get(key)]) {
      expect(read.length).toBe(old.length);
      expect(read.every((byte) => byte === read[0])).toBe(true);
    }
    expect([...(await store.get(key)).subarray(0, 1)]).toEqual([2]);
    // A key that is a folder cannot be renamed over: the put fails and its temporary file is gone.
    await expect(store.put('stations/8a1c', new Uint8Array([9]))).rejects.toThrow();
    expect(await filesUnder(join(root, 'archive'))).toEqual([key]);
  });

  it('stores a local file under a key, copied whole, leaving the file where it was', async () => {
    const source = join(root, 'result.zip');
    await writeFile(source, Buffer.from([7, 8, 9]));
    await store.putFile('rinex/job.zip', source);
    expect([...(await store.get('rinex/job.zip'))]).toEqual([7, 8, 9]);
    expect((await stat(source)).size).toBe(3);
    expect(await filesUnder(join(root, 'archive'))).toEqual(['rinex/job.zip']);
  });
});
