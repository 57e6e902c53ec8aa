import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSecretKey } from '@fixpoint/db';
import type { Env } from './env';

/**
 * SECRET_KEY from the environment; on the embedded database, a key generated once and kept in DATA_DIR/secret.key
 * (so `npm start` needs no setup). A PostgreSQL deployment must set SECRET_KEY: every process needs the same one.
 */
export function resolveSecretKey(env: Env): string {
  if (env.SECRET_KEY) return env.SECRET_KEY;
  if (env.DATABASE_URL) {
    throw new Error(
      'SECRET_KEY must be set when DATABASE_URL is set (every server and caster process needs the same key).',
    );
  }
  const file = join(env.DATA_DIR, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const key = generateSecretKey();
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
