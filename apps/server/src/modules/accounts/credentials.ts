import { randomInt } from 'node:crypto';

// No 0/O, 1/l/I: people type these into receivers by hand.
const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const usernameAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

function randomString(length: number, chars: string) {
  let out = '';
  for (let i = 0; i < length; i++) out += chars[randomInt(chars.length)];
  return out;
}

/** 16 characters from 57 symbols: about 93 bits, letters and digits only so every receiver accepts it. */
export const generateNtripPassword = () => randomString(16, alphabet);

/** The brand's prefix and 7 random characters, e.g. `fx-k3m9q2t`. */
export const generateNtripUsername = (prefix: string) => `${prefix}-${randomString(7, usernameAlphabet)}`;
