import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashSecret, hashToken, isSlowHash, verifySecret } from './password-hash';

describe('password hash (scrypt)', () => {
  it('verifies the password it hashed and nothing else', async () => {
    const stored = await hashSecret('base-secret', { logN: 10 });
    expect(stored).toMatch(/^scrypt\$10\$[\w-]+\$[\w-]{43}$/);
    expect(await verifySecret(stored, 'base-secret')).toBe(true);
    expect(await verifySecret(stored, 'base-secret ')).toBe(false);
    expect(await verifySecret(stored, '')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashSecret('x', { logN: 4 })).not.toBe(await hashSecret('x', { logN: 4 }));
  });

  it('uses the default cost when none is given', async () => {
    const stored = await hashSecret('pw');
    expect(stored.startsWith('scrypt$15$')).toBe(true);
    expect(await verifySecret(stored, 'pw')).toBe(true);
  });

  it('refuses stored values that are not its hashes', async () => {
    for (const stored of ['', 'plain', 'scrypt$99$a$b', 'bcrypt$10$abc$def', 'scrypt$10$c2FsdA$c2hvcnQ']) {
      expect(await verifySecret(stored, 'plain')).toBe(false);
    }
  });

  it('checks generated tokens with a fast salted hash, and tells the slow ones apart', async () => {
    const token = randomBytes(15).toString('base64url');
    const stored = hashToken(token);
    expect(stored).toMatch(/^sha256\$[\w-]{22}\$[\w-]{43}$/);
    expect(hashToken('same')).not.toBe(hashToken('same'));
    expect(await verifySecret(stored, token)).toBe(true);
    expect(await verifySecret(stored, `${token}x`)).toBe(false);
    expect(await verifySecret('sha256$c2FsdA$c2hvcnQ', 'x')).toBe(false);
    expect(isSlowHash(stored)).toBe(false);
    expect(isSlowHash(await hashSecret('x', { logN: 4 }))).toBe(true);
  });
});
