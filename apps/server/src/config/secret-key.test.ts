import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from './env';
import { resolveSecretKey } from './secret-key';

describe('resolveSecretKey', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fixpoint-key-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('generates a key once on the embedded database and keeps it private', () => {
    const env = loadEnv({ DATA_DIR: dataDir });
    const first = resolveSecretKey(env);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(resolveSecretKey(env)).toBe(first);
    expect(readFileSync(join(dataDir, 'secret.key'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dataDir, 'secret.key')).mode & 0o077).toBe(0);
  });

  it('prefers SECRET_KEY and demands it with PostgreSQL', () => {
    const key = 'a'.repeat(64);
    expect(resolveSecretKey(loadEnv({ SECRET_KEY: key, DATA_DIR: dataDir }))).toBe(key);
    expect(() => resolveSecretKey(loadEnv({ DATABASE_URL: 'postgres://x@127.0.0.1/db' }))).toThrow(
      /SECRET_KEY must be set/,
    );
  });
});
