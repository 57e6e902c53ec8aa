import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * One-way hashes for secrets we never show again (a base station's source password). Stored form:
 * `scrypt$<log2 N>$<salt base64url>$<hash base64url>` with r=8, p=1: the cost travels with the hash, so it can
 * be raised later without breaking stored ones. Used by the server (creating stations) and the caster (SOURCE).
 */
const PREFIX = 'scrypt';
const FAST_PREFIX = 'sha256';
const KEY_BYTES = 32;
const BLOCK_SIZE = 8;
/** N = 2^15: about 50 ms and 32 MiB per hash here; sources connect rarely, so the cost is for attackers only. */
export const DEFAULT_SCRYPT_LOG_N = 15;

export async function hashSecret(password: string, options: { logN?: number } = {}): Promise<string> {
  const logN = options.logN ?? DEFAULT_SCRYPT_LOG_N;
  const salt = randomBytes(16);
  const hash = await derive(password, salt, logN);
  return [PREFIX, String(logN), salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/**
 * A fast salted hash for secrets we generate ourselves with 116+ bits of randomness (a station's source password):
 * `sha256$<salt>$<hash>`. A slow hash protects guessable passwords; nobody can guess a random 116-bit one however
 * fast each try is, and a fast check means a flood of wrong passwords costs the caster microseconds, not the thread
 * pool (docs/decisions/0043). Never use it for passwords people choose.
 */
export function hashToken(token: string): string {
  const salt = randomBytes(16);
  return [FAST_PREFIX, salt.toString('base64url'), digest(token, salt).toString('base64url')].join('$');
}

/** Whether checking a candidate against `stored` costs a slow hash (an older scrypt hash of a source password). */
export const isSlowHash = (stored: string) => stored.startsWith(`${PREFIX}$`);

/** False for a wrong password and for a stored value that is not one of our hashes (never throws on those). */
export async function verifySecret(stored: string, candidate: string): Promise<boolean> {
  if (stored.startsWith(`${FAST_PREFIX}$`)) return verifyToken(stored, candidate);
  const [prefix, logNText, saltText, hashText] = stored.split('$');
  const logN = Number(logNText);
  if (prefix !== PREFIX || !Number.isInteger(logN) || logN < 1 || logN > 20 || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  if (expected.length !== KEY_BYTES) return false;
  const actual = await derive(candidate, Buffer.from(saltText, 'base64url'), logN);
  return timingSafeEqual(actual, expected);
}

function verifyToken(stored: string, candidate: string): boolean {
  const [, saltText, hashText] = stored.split('$');
  if (!saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  if (expected.length !== KEY_BYTES) return false;
  return timingSafeEqual(digest(candidate, Buffer.from(saltText, 'base64url')), expected);
}

const digest = (token: string, salt: Buffer) => createHash('sha256').update(salt).update(token, 'utf8').digest();

function derive(password: string, salt: Buffer, logN: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) => {
    // maxmem: scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is exactly N = 2^15, so give headroom.
    scrypt(password, salt, KEY_BYTES, { N, r: BLOCK_SIZE, p: 1, maxmem: 256 * N * BLOCK_SIZE }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}
