/**
 * The one plain line `npm start` ends with (issue 30): where to open the portal, where rovers connect, and on a
 * fresh install the first admin's one-time password, so a newcomer need not read it out of a log line.
 */
export function readyLine({
  brandName,
  host,
  port,
  publicUrl,
  casterPort,
  admin,
}: {
  brandName: string;
  /** HOST: 0.0.0.0 and :: mean every address, of which this machine's own is the one to open. */
  host: string;
  port: number;
  publicUrl?: string | undefined;
  /** The caster's port when it runs in this process. */
  casterPort?: number | undefined;
  admin?: { email: string; password: string } | undefined;
}): string {
  const everywhere = host === '0.0.0.0' || host === '::' || host === '';
  const shownHost = everywhere ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const url = publicUrl ?? `http://${shownHost}:${port}`;
  const caster = casterPort === undefined ? '' : ` (NTRIP caster on port ${casterPort})`;
  const first = admin
    ? ` First admin: ${admin.email}, one-time password: ${admin.password} (change it in Settings after signing in).`
    : '';
  return `${brandName} is running: open ${url}${caster}.${first}\n`;
}
