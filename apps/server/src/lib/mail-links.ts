/**
 * Links in e-mails (docs/decisions/0062). A mail is read long after its request and far from it, so its links must
 * never come from the request's Host header, which anyone can forge: with PUBLIC_URL unset, an invitation asked for
 * with `Host: evil.test` would send the invited person to the forger's site. Every mail link (invitations, reminders,
 * receipts, password reset and e-mail verification, future alerts) is built on the one origin this answers.
 */
export function mailLinkOrigin({ publicUrl, port }: { publicUrl?: string | undefined; port: number }): string {
  // Without PUBLIC_URL the portal is a local `npm start`: this machine, on the port it listens on.
  return publicUrl ? new URL(publicUrl).origin : `http://localhost:${port}`;
}

export interface MailLinks {
  /** The trusted origin every link in an e-mail points at. */
  readonly origin: string;
  /** An absolute link to a page of the portal (`/dashboard` → `https://portal.example/dashboard`). */
  to(path: string): string;
}

export function createMailLinks(config: { publicUrl?: string | undefined; port: number }): MailLinks {
  const origin = mailLinkOrigin(config);
  return { origin, to: (path) => `${origin}${path.startsWith('/') ? path : `/${path}`}` };
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a link better-auth built (password reset, e-mail verification) may go out. better-auth builds its links
 * from PUBLIC_URL when set, else from the request: then only a link to this machine (a local `npm start`, any
 * port) or to a trusted origin (the dev server) may be mailed; anything else came from a Host header we cannot
 * trust, and the mail is not sent.
 */
export function isTrustedLinkOrigin(link: string, publicUrl: string | undefined, trustedOrigins: string[]) {
  const { origin, hostname } = new URL(link);
  if (publicUrl) return origin === new URL(publicUrl).origin;
  return trustedOrigins.includes(origin) || loopbackHosts.has(hostname);
}
