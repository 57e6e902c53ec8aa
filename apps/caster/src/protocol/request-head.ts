import { parseStrRecord, type StrRecord } from './sourcetable';

/** NTRIP 1.0 heads are not HTTP, so the caster reads heads itself; 8 KiB is far above any real client's head. */
export const DEFAULT_MAX_HEAD_BYTES = 8 * 1024;

export type NtripVersion = 1 | 2;

/** Header names lower-cased; a repeated header is joined with ", " as HTTP does. */
export type HeaderMap = Readonly<Record<string, string>>;

export interface BasicCredentials {
  username: string;
  password: string;
}

export interface RequestQuery {
  /** The query as sent (after '?'), not decoded: sourcetable filters need the semicolon positions intact. */
  raw: string;
  /** Decoded parameters; the first value wins when a name repeats. */
  params: Readonly<Record<string, string>>;
}

/** `SOURCE <password> [/]<mount> [HTTP/1.x]`: an NTRIP 1.0 base station. */
export interface SourceV1Head {
  kind: 'source-v1';
  password: string;
  mountpoint: string;
  headers: HeaderMap;
  /** The `STR:` header, when present and well-formed. */
  strRecord?: StrRecord;
}

/** A rover (or a browser) asking for a stream or the sourcetable. */
export interface GetHead {
  kind: 'get';
  version: NtripVersion;
  /** The path as sent, without the query and not decoded. */
  path: string;
  /**
   * The percent-decoded path without its leading '/'; '' asks for the sourcetable. Not checked against the
   * mountpoint alphabet: an impossible name is answered like any unknown mountpoint.
   */
  mountpoint: string;
  query: RequestQuery;
  headers: HeaderMap;
  auth?: BasicCredentials;
  userAgent: string;
  /** The v2 `Ntrip-GGA` header. */
  ntripGga?: string;
  /** BKG casters serve streams only to agents starting with "NTRIP"; others are browsers or scanners. */
  isNtripClient: boolean;
}

/** `POST /<mount>` with `Ntrip-Version: Ntrip/2.0`: an NTRIP 2.0 base station. */
export interface PostHead {
  kind: 'post';
  version: 2;
  path: string;
  mountpoint: string;
  headers: HeaderMap;
  auth?: BasicCredentials;
  userAgent: string;
  isChunked: boolean;
  expectContinue: boolean;
  /** The `Ntrip-STR` header, when present and well-formed. */
  strRecord?: StrRecord;
}

export type InvalidHeadReason =
  | 'empty request'
  | 'bad request line'
  | 'unsupported method'
  | 'unsupported HTTP version'
  | 'malformed header line'
  | 'bad percent-encoding'
  | 'missing mountpoint'
  | 'invalid mountpoint'
  | 'POST without Ntrip-Version: Ntrip/2.0';

export interface InvalidHead {
  kind: 'invalid';
  reason: InvalidHeadReason;
  /** Lets the caller answer in the client's dialect (v2 errors carry Ntrip-Version). */
  version: NtripVersion;
  /** The method when it looked like one, e.g. to answer a broken SOURCE line with `ERROR - ...`. */
  method?: string;
}

export type RequestHead = SourceV1Head | GetHead | PostHead | InvalidHead;

const MOUNTPOINT_PATTERN = /^[A-Za-z0-9_.-]+$/;
const HEADER_NAME_PATTERN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const METHOD_PATTERN = /^[A-Z]{1,16}$/;
const HTTP_REQUEST_LINE_PATTERN = /^(\S+)[ \t]+(\S+)[ \t]+(HTTP\/\d+\.\d+)$/;
const SOURCE_HTTP_SUFFIX_PATTERN = /[ \t]+HTTP\/1\.[01]$/;

export function isValidMountpoint(name: string): boolean {
  return MOUNTPOINT_PATTERN.test(name);
}

/** Parses a complete head (request line and header lines, with or without the blank line). */
export function parseRequestHead(text: string): RequestHead {
  const lines = splitLines(text);
  const requestLine = lines[0];
  if (requestLine === undefined) return { kind: 'invalid', reason: 'empty request', version: 1 };

  const headers = parseHeaderLines(lines.slice(1));
  const method = methodOf(requestLine);
  if (headers === undefined) return invalid('malformed header line', 1, method);
  const version = ntripVersionOf(headers);

  if (method === 'SOURCE') return parseSourceHead(requestLine, headers);
  if (method === 'GET' || method === 'POST') return parseHttpHead(requestLine, headers, version);
  if (method === undefined) return invalid('bad request line', version);
  return invalid('unsupported method', version, method);
}

/**
 * Whether a head carries a NUL character where the caster would look it up or store it (mountpoint, credentials,
 * user agent): no database can store one, so such a request is a bad request (issue 16).
 */
export function hasNulCharacter(head: GetHead | SourceV1Head | PostHead): boolean {
  const texts =
    head.kind === 'get'
      ? [head.mountpoint, head.userAgent, head.auth?.username, head.auth?.password]
      : head.kind === 'source-v1'
        ? [head.mountpoint, head.password, head.headers['user-agent']]
        : [head.mountpoint, head.auth?.username, head.auth?.password, head.headers['user-agent']];
  return texts.some((text) => text?.includes('\u0000'));
}

/** Credentials from an `Authorization: Basic ...` value; anything malformed counts as no credentials. */
export function parseBasicAuth(value: string | undefined): BasicCredentials | undefined {
  const encoded = /^Basic[ \t]+([A-Za-z0-9+/]+={0,2})[ \t]*$/i.exec(value ?? '')?.[1];
  if (encoded === undefined || !isWellFormedBase64(encoded)) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  // RFC 7617: the user-id cannot contain ':', the password can.
  const colon = decoded.indexOf(':');
  if (colon === -1) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** NTRIP.md: v2 only with `Ntrip-Version: Ntrip/2.0`; `HTTP/1.1` on the request line alone is still v1. */
export function ntripVersionOf(headers: HeaderMap): NtripVersion {
  return headers['ntrip-version']?.toLowerCase() === 'ntrip/2.0' ? 2 : 1;
}

function isWellFormedBase64(encoded: string): boolean {
  // Padding is optional in practice, but a lone leftover character can never be valid.
  return encoded.includes('=') ? encoded.length % 4 === 0 : encoded.length % 4 !== 1;
}

function splitLines(text: string): string[] {
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  // RFC 7230 3.5: ignore empty lines before the request line; the blank line ends the head.
  const first = lines.findIndex((line) => line !== '');
  if (first === -1) return [];
  const blank = lines.indexOf('', first);
  return lines.slice(first, blank === -1 ? undefined : blank);
}

function methodOf(requestLine: string): string | undefined {
  const space = requestLine.search(/[ \t]/);
  const method = space === -1 ? requestLine : requestLine.slice(0, space);
  return METHOD_PATTERN.test(method) ? method : undefined;
}

function parseHeaderLines(lines: readonly string[]): HeaderMap | undefined {
  const headers: Record<string, string> = Object.create(null);
  let previous: string | undefined;
  for (const line of lines) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      // Obsolete line folding (RFC 7230 3.2.4): the continuation joins the previous value.
      if (previous === undefined) return undefined;
      headers[previous] = `${headers[previous]} ${line.trim()}`.trim();
      continue;
    }
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    if (colon === -1 || !HEADER_NAME_PATTERN.test(name)) return undefined;
    const value = line.slice(colon + 1).trim();
    const existing = headers[name];
    headers[name] = existing === undefined ? value : `${existing}, ${value}`;
    previous = name;
  }
  return headers;
}

function parseSourceHead(requestLine: string, headers: HeaderMap): SourceV1Head | InvalidHead {
  // The password may be empty (`SOURCE  MP`) or contain spaces, so the mountpoint is the last word.
  const rest = requestLine.slice('SOURCE '.length).replace(SOURCE_HTTP_SUFFIX_PATTERN, '').trimEnd();
  const space = rest.lastIndexOf(' ');
  if (space === -1) return invalid('missing mountpoint', 1, 'SOURCE');
  const password = rest.slice(0, space);
  const target = rest.slice(space + 1);
  const mountpoint = target.startsWith('/') ? target.slice(1) : target;
  if (!isValidMountpoint(mountpoint)) return invalid('invalid mountpoint', 1, 'SOURCE');
  return withStrRecord({ kind: 'source-v1', password, mountpoint, headers }, headers.str);
}

function parseHttpHead(
  requestLine: string,
  headers: HeaderMap,
  version: NtripVersion,
): GetHead | PostHead | InvalidHead {
  const match = HTTP_REQUEST_LINE_PATTERN.exec(requestLine);
  const [, method, target, protocol] = match ?? [];
  if (method === undefined || target === undefined) return invalid('bad request line', version, methodOf(requestLine));
  if (protocol !== 'HTTP/1.0' && protocol !== 'HTTP/1.1') return invalid('unsupported HTTP version', version, method);

  const parts = splitTarget(target);
  if (parts === undefined) return invalid('bad request line', version, method);
  const mountpoint = decodePath(parts.path);
  if (mountpoint === undefined) return invalid('bad percent-encoding', version, method);
  const auth = parseBasicAuth(headers.authorization);
  const userAgent = headers['user-agent'] ?? '';

  if (method === 'GET') {
    const ntripGga = headers['ntrip-gga'];
    return {
      kind: 'get',
      version,
      path: parts.path,
      mountpoint,
      query: parseQuery(parts.query),
      headers,
      ...(auth && { auth }),
      userAgent,
      ...(ntripGga !== undefined && { ntripGga }),
      isNtripClient: userAgent.toUpperCase().startsWith('NTRIP'),
    };
  }
  if (version !== 2) return invalid('POST without Ntrip-Version: Ntrip/2.0', version, method);
  if (mountpoint === '') return invalid('missing mountpoint', version, method);
  if (!isValidMountpoint(mountpoint)) return invalid('invalid mountpoint', version, method);
  const head: PostHead = {
    kind: 'post',
    version,
    path: parts.path,
    mountpoint,
    headers,
    ...(auth && { auth }),
    userAgent,
    isChunked: isChunked(headers['transfer-encoding']),
    expectContinue: headers.expect?.toLowerCase() === '100-continue',
  };
  return withStrRecord(head, headers['ntrip-str']);
}

function splitTarget(target: string): { path: string; query: string } | undefined {
  // Absolute form (`GET http://host/MP`) comes from clients configured to talk to a proxy.
  const origin = /^https?:\/\/[^/?#]*/i.exec(target)?.[0];
  const relative = origin === undefined ? target : target.slice(origin.length) || '/';
  if (!relative.startsWith('/')) return undefined;
  const withoutFragment = relative.split('#', 1)[0] ?? '';
  const mark = withoutFragment.indexOf('?');
  if (mark === -1) return { path: withoutFragment, query: '' };
  return { path: withoutFragment.slice(0, mark), query: withoutFragment.slice(mark + 1) };
}

function decodePath(path: string): string | undefined {
  try {
    return decodeURIComponent(path.slice(1));
  } catch {
    return undefined;
  }
}

function parseQuery(raw: string): RequestQuery {
  const params: Record<string, string> = Object.create(null);
  for (const [name, value] of new URLSearchParams(raw)) {
    if (!(name in params)) params[name] = value;
  }
  return { raw, params };
}

function isChunked(transferEncoding: string | undefined): boolean {
  // The last coding decides how the body is framed (RFC 7230 3.3.3).
  const codings = transferEncoding?.split(',') ?? [];
  return codings.at(-1)?.trim().toLowerCase() === 'chunked';
}

function withStrRecord<T extends SourceV1Head | PostHead>(head: T, line: string | undefined): T {
  const strRecord = line === undefined ? undefined : parseStrRecord(line);
  return strRecord ? { ...head, strRecord } : head;
}

function invalid(reason: InvalidHeadReason, version: NtripVersion, method?: string): InvalidHead {
  return method === undefined ? { kind: 'invalid', reason, version } : { kind: 'invalid', reason, version, method };
}

export type HeadReadResult =
  | { status: 'incomplete' }
  | { status: 'complete'; head: RequestHead; leftover: Buffer }
  | { status: 'error'; reason: 'head too large' };

const LF = 0x0a;
const CR = 0x0d;
/** Scan states: inside a line, just after LF, after LF then CR. */
const IN_LINE = 0;
const AFTER_LF = 1;
const AFTER_LF_CR = 2;

/**
 * Collects a request head from socket reads. The head ends at the first blank line (`\r\n\r\n`, or bare
 * `\n\n` from sloppy clients); bytes after it are returned as `leftover`, because a v1 rover's first GGA
 * or a source's first RTCM bytes often arrive in the same read; it is a view into the last pushed buffer,
 * not a copy. The head is decoded as UTF-8, how portals store passwords. Single use: one per connection;
 * timing out a head that never completes is the connection's job.
 */
export class RequestHeadReader {
  readonly #maxHeadBytes: number;
  /** Earlier reads are kept by reference (socket buffers are not reused) and joined once at the end. */
  readonly #pending: Buffer[] = [];
  #scanned = 0;
  #state = IN_LINE;
  #isDone = false;

  constructor(options: { maxHeadBytes?: number } = {}) {
    this.#maxHeadBytes = options.maxHeadBytes ?? DEFAULT_MAX_HEAD_BYTES;
  }

  push(chunk: Buffer): HeadReadResult {
    if (this.#isDone) throw new Error('RequestHeadReader is single use: the head was already read');
    const end = this.#findHeadEnd(chunk);
    if (end === -1) {
      if (this.#scanned >= this.#maxHeadBytes) return this.#finish({ status: 'error', reason: 'head too large' });
      this.#pending.push(chunk);
      return { status: 'incomplete' };
    }
    const headBytes = Buffer.concat([...this.#pending, chunk.subarray(0, end)]);
    const head = parseRequestHead(headBytes.toString('utf8'));
    return this.#finish({ status: 'complete', head, leftover: chunk.subarray(end) });
  }

  /** Index just past the head's final LF in `chunk`, or -1; never looks past the byte cap. */
  #findHeadEnd(chunk: Buffer): number {
    const limit = Math.min(chunk.length, this.#maxHeadBytes - this.#scanned);
    let state = this.#state;
    for (let i = 0; i < limit; i++) {
      const byte = chunk[i];
      if (byte === LF) {
        if (state !== IN_LINE) {
          this.#scanned += i + 1;
          return i + 1;
        }
        state = AFTER_LF;
      } else {
        state = byte === CR && state === AFTER_LF ? AFTER_LF_CR : IN_LINE;
      }
    }
    this.#state = state;
    this.#scanned += limit;
    return -1;
  }

  #finish(result: HeadReadResult): HeadReadResult {
    this.#isDone = true;
    this.#pending.length = 0;
    return result;
  }
}
