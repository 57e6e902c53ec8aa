import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const namePrefix = 'fixpoint.device.';
/** Sent only where it is read: the e-mail sign-in. */
const cookiePath = '/api/auth/sign-in';
const maxAgeSeconds = 365 * 24 * 60 * 60;

/**
 * Device cookies, OWASP's pattern against lockouts of shared addresses (docs/decisions/0062): a browser that has
 * signed in as an account gets a cookie naming that account, signed with the server's secret (HMAC-SHA-256). A later
 * sign-in to the same account that presents it is a trusted client: an address locked by other people's failures
 * (an office, a mobile carrier's NAT) does not hold it back; it has its own lockout instead (login-guard.ts).
 *
 * One cookie per account, named `fixpoint.device.<tag>` where the tag is a keyed hash of the account's e-mail
 * address, so a browser shared by two people keeps both and neither name nor value shows the address. The value is
 * `<issued>.<nonce>.<signature>`: the nonce is the device's id for its lockout, the signature covers the address,
 * the time and the nonce, so a cookie cannot be altered, made up, or moved to another account.
 */
export function createDeviceCookies({ secret, isHttps }: { secret: string; isHttps: boolean }) {
  const mac = (purpose: string, data: string) =>
    createHmac('sha256', secret).update(`fixpoint device cookie: ${purpose}\n${data}`).digest('base64url');
  const nameFor = (email: string) => `${namePrefix}${mac('name', email).slice(0, 16)}`;
  const signatureOf = (email: string, issued: string, nonce: string) => mac('value', `${email}\n${issued}\n${nonce}`);

  return {
    /** The `Set-Cookie` for a browser that has just signed in as `email` (already trimmed and in lower case). */
    issue(email: string, { secure = false, now = Date.now() }: { secure?: boolean; now?: number } = {}): string {
      const issued = Math.floor(now / 1000).toString(36);
      const nonce = randomBytes(16).toString('base64url');
      const value = `${issued}.${nonce}.${signatureOf(email, issued, nonce)}`;
      const attributes = [`Path=${cookiePath}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
      if (isHttps || secure) attributes.push('Secure');
      return [`${nameFor(email)}=${value}`, ...attributes].join('; ');
    },

    /**
     * The device's id when the request's `Cookie` header holds a valid, unexpired device cookie for `email`; null
     * for none, another account's, an altered or a made-up one.
     */
    verify(cookieHeader: string | undefined, email: string, now = Date.now()): string | null {
      if (!cookieHeader || !email) return null;
      const value = cookieValue(cookieHeader, nameFor(email));
      const [issued, nonce, signature, ...rest] = value?.split('.') ?? [];
      if (!issued || !nonce || !signature || rest.length > 0) return null;
      const expected = Buffer.from(signatureOf(email, issued, nonce));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const issuedAt = Number.parseInt(issued, 36) * 1000;
      if (!Number.isFinite(issuedAt) || now - issuedAt > maxAgeSeconds * 1000 || issuedAt > now + 60_000) return null;
      return nonce;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
