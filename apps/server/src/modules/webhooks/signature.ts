import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new endpoint's signing secret: `whsec_` and 32 random bytes, as Stripe's look. */
export const generateWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The `Fixpoint-Signature` header of a delivery (Stripe's scheme, decision 0078): `t=<unix seconds>,v1=<hex
 * HMAC-SHA256(secret, t + "." + body)>`. The receiver recomputes it over the raw body and compares.
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/**
 * Whether `header` signs `body` with `secret` within `toleranceSeconds` of `now` (what a receiver does; the tests
 * and the docs' snippet check the same thing).
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  { now = new Date(), toleranceSeconds = 300 }: { now?: Date; toleranceSeconds?: number } = {},
): boolean {
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
