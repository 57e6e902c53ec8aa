import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const VERSION = 'v1';

/**
 * Encrypts secrets that must be shown again later (NTRIP account passwords, upstream caster passwords) with
 * AES-256-GCM under a key from configuration. Stored form: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  /** Constant-time comparison of a candidate with a stored secret. */
  matches(stored: string, candidate: string): boolean;
  /**
   * `matches` for one stored secret, decrypted once: for a secret checked again and again (a rover's logins). The
   * function keeps only the secret's digest, never the secret.
   */
  matcherFor(stored: string): (candidate: string) => boolean;
}

const digestOf = (text: string) => createHash('sha256').update(text).digest();

/** `key` is 32 bytes, given as 64 hex characters or base64; anything else is hashed to 32 bytes. */
export function createSecretBox(key: string): SecretBox {
  const keyBytes = parseKey(key);
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyBytes, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        VERSION,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        data.toString('base64url'),
      ].join('.');
    },
    decrypt(stored) {
      const [version, iv, tag, data] = stored.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', keyBytes, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
    matches(stored, candidate) {
      return this.matcherFor(stored)(candidate);
    },
    matcherFor(stored) {
      let digest: Buffer;
      try {
        digest = digestOf(this.decrypt(stored));
      } catch {
        return () => false;
      }
      // Compare digests so that neither length nor content leaks through timing.
      return (candidate) => timingSafeEqual(digest, digestOf(candidate));
    },
  };
}

function parseKey(key: string): Buffer {
  if (/^[0-9a-f]{64}$/i.test(key)) return Buffer.from(key, 'hex');
  const base64 = Buffer.from(key, 'base64');
  if (base64.length === 32) return base64;
  return createHash('sha256').update(key).digest();
}

/** A fresh random key in the form createSecretBox reads. */
export const generateSecretKey = () => randomBytes(32).toString('hex');
