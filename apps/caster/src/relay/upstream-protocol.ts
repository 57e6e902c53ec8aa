/** Where a relayed mount comes from: one mountpoint of an upstream caster. */
export interface UpstreamTarget {
  host: string;
  port: number;
  version: 1 | 2;
  username: string | null;
  /** Decrypted only for the request; never logged. */
  password: string | null;
  mountpoint: string;
}

export const RELAY_AGENT = 'NTRIP FixpointRelay/1.0';

const TARGET_FIELDS = ['host', 'port', 'version', 'username', 'password', 'mountpoint'] as const;

/** The names of the settings in which two targets differ (names only, so they can be logged). */
export function changedSettings(from: UpstreamTarget, to: UpstreamTarget): string[] {
  return TARGET_FIELDS.filter((field) => from[field] !== to[field]);
}

/** Heads longer than this are not a caster's reply. */
export const MAX_REPLY_HEAD_BYTES = 8 * 1024;

/**
 * The request for one upstream mount. v1 as RTKLIB sends it (`HTTP/1.0`, no Host), v2 with `Ntrip-Version`; the
 * agent starts with "NTRIP" because BKG casters refuse other agents.
 */
export function buildUpstreamRequest(target: UpstreamTarget): Buffer {
  const path = `/${encodeURI(target.mountpoint)}`;
  const lines =
    target.version === 2
      ? [
          `GET ${path} HTTP/1.1`,
          `Host: ${target.host}:${target.port}`,
          'Ntrip-Version: Ntrip/2.0',
          `User-Agent: ${RELAY_AGENT}`,
          'Connection: close',
        ]
      : [`GET ${path} HTTP/1.0`, `User-Agent: ${RELAY_AGENT}`];
  if (target.username !== null && target.username !== '') {
    const credentials = Buffer.from(`${target.username}:${target.password ?? ''}`).toString('base64');
    lines.push(`Authorization: Basic ${credentials}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

export type UpstreamReply =
  /** Corrections follow after `headBytes`; `isChunked` for an HTTP/1.1 chunked body (NTRIP 2). */
  | { kind: 'stream'; headBytes: number; isChunked: boolean; server: string }
  /** The upstream said no; `message` is what the feed page shows ("401 Unauthorized", ...). */
  | { kind: 'refused'; message: string }
  | { kind: 'incomplete' };

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * Reads an upstream caster's reply from the bytes received so far: `ICY 200 OK` (v1, raw bytes follow), HTTP 200
 * with a chunked or a plain body, or a refusal. A v1 caster answers an unknown mountpoint with its sourcetable
 * (`SOURCETABLE 200 OK`, or a v2 200 with `Content-Type: gnss/sourcetable`): for the relay that is a 404.
 */
export function parseUpstreamReply(received: Buffer): UpstreamReply {
  const lineEnd = received.indexOf(0x0a);
  if (lineEnd === -1) {
    return received.length > MAX_REPLY_HEAD_BYTES ? { kind: 'refused', message: 'reply head too long' } : incomplete;
  }
  const statusLine = received.toString('latin1', 0, lineEnd).replace(/\r$/, '').trim();

  if (/^ICY\s+200\b/i.test(statusLine)) return icyStream(received, lineEnd + 1);
  if (/^SOURCETABLE\s+200\b/i.test(statusLine)) return notFoundSourcetable;
  if (/^ERROR\b/i.test(statusLine)) return { kind: 'refused', message: printable(statusLine) };

  const http = /^HTTP\/\d\.\d\s+(\d{3})\s*(.*)$/i.exec(statusLine);
  if (!http) return { kind: 'refused', message: `unexpected reply: ${printable(statusLine)}` };
  const headEnd = findHeadEnd(received, 0);
  if (headEnd === -1) {
    return received.length > MAX_REPLY_HEAD_BYTES ? { kind: 'refused', message: 'reply head too long' } : incomplete;
  }
  const status = Number(http[1]);
  if (status !== 200) {
    const reason = printable(http[2] ?? '') || REASONS[status] || 'error';
    return { kind: 'refused', message: `${status} ${reason}` };
  }
  const headers = parseHeaders(received.toString('latin1', lineEnd + 1, headEnd));
  if ((headers.get('content-type') ?? '').toLowerCase().includes('sourcetable')) return notFoundSourcetable;
  return {
    kind: 'stream',
    headBytes: headEnd,
    isChunked: (headers.get('transfer-encoding') ?? '').toLowerCase().includes('chunked'),
    server: printable(headers.get('server') ?? ''),
  };
}

const incomplete: UpstreamReply = { kind: 'incomplete' };
const notFoundSourcetable: UpstreamReply = {
  kind: 'refused',
  message: '404 Not Found (the upstream answered with its sourcetable)',
};

/**
 * After `ICY 200 OK` casters send a blank line, some a few header lines first, some nothing at all before the
 * data. Text lines up to a blank line are skipped when present; otherwise the data starts right after the status
 * line (RTCM starts with 0xD3, and the framer skips any stray bytes anyway).
 */
function icyStream(received: Buffer, from: number): UpstreamReply {
  let headBytes = from;
  const first = received[from];
  if (first === 0x0d || first === 0x0a) {
    headBytes = from + (first === 0x0d && received[from + 1] === 0x0a ? 2 : 1);
  } else if (first !== undefined && first >= 0x20 && first < 0x7f) {
    const end = findHeadEnd(received, from);
    if (end !== -1) headBytes = end;
  }
  return { kind: 'stream', headBytes, isChunked: false, server: '' };
}

/** Index after the blank line that ends a head (`\r\n\r\n` or `\n\n`), searching from `from`; -1 if none yet. */
function findHeadEnd(received: Buffer, from: number): number {
  const limit = Math.min(received.length, MAX_REPLY_HEAD_BYTES);
  for (let i = from; i < limit; i++) {
    if (received[i] !== 0x0a) continue;
    if (received[i + 1] === 0x0a) return i + 2;
    if (received[i + 1] === 0x0d && received[i + 2] === 0x0a) return i + 3;
  }
  return -1;
}

function parseHeaders(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Upstream text shown to admins: printable ASCII only, short. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '').slice(0, 120);
}

/** What a failed connection attempt looks like on the feed page. */
export function describeSocketError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'ETIMEDOUT':
      return 'connection timed out';
    case 'ECONNRESET':
      return 'connection reset by the upstream';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    default:
      return error.code ?? 'connection failed';
  }
}

/** 1 s doubling to the cap, each delay scaled by a random 0.75..1.25 so many links do not retry in step. */
export function backoffDelay(attempt: number, minMs: number, maxMs: number, random = Math.random()): number {
  const base = Math.min(maxMs, minMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(Math.min(maxMs, Math.max(minMs / 2, base * (0.75 + random * 0.5))));
}
