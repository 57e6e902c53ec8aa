import type { Language } from '@fixpoint/shared';
import { textsIn } from '../i18n/i18n';
import type { NtripVersion } from './request-head';

/** What every HTTP-style reply needs; `date` is injectable so replies are pure and testable. */
export interface ReplyContext {
  /** The Server header, e.g. 'NTRIP Fixpoint/1.0'. */
  server: string;
  date?: Date;
}

export interface BrowserPageOptions {
  brandName: string;
  portalUrl: string;
  /** The browser's language (its Accept-Language); English when unset. */
  language?: Language;
}

type Header = readonly [name: string, value: string];

const CRLF = '\r\n';
const NTRIP_VERSION_HEADER: Header = ['Ntrip-Version', 'Ntrip/2.0'];
const CONNECTION_CLOSE: Header = ['Connection', 'close'];

/** v1 stream OK for rovers and sources: RTKLIB accepts nothing else (it drops `HTTP/1.1 200 OK`). */
export function icyOk(): Buffer {
  return Buffer.from(`ICY 200 OK${CRLF}${CRLF}`, 'latin1');
}

/** v2 stream OK; the stream that follows is chunked. */
export function streamOkV2(context: ReplyContext): Buffer {
  return head('HTTP/1.1 200 OK', [
    NTRIP_VERSION_HEADER,
    ...serverAndDate(context),
    ['Cache-Control', 'no-store,no-cache,max-age=0'],
    ['Pragma', 'no-cache'],
    CONNECTION_CLOSE,
    ['Content-Type', 'gnss/data'],
    ['Transfer-Encoding', 'chunked'],
  ]);
}

/**
 * The sourcetable with its head. `body` is the rendered table including `ENDSOURCETABLE\r\n`, which
 * Content-Length counts (u-center breaks without an exact Content-Length).
 */
export function sourcetableOk(version: NtripVersion, body: string | Buffer, context: ReplyContext): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const reply =
    version === 2
      ? head('HTTP/1.1 200 OK', [
          NTRIP_VERSION_HEADER,
          ...serverAndDate(context),
          CONNECTION_CLOSE,
          ['Content-Type', 'gnss/sourcetable'],
          ['Content-Length', String(bytes.length)],
        ])
      : head('SOURCETABLE 200 OK', [
          ...serverAndDate(context),
          CONNECTION_CLOSE,
          ['Content-Type', 'text/plain'],
          ['Content-Length', String(bytes.length)],
        ]);
  return Buffer.concat([reply, bytes]);
}

/** Bad or missing credentials for a mountpoint; the realm names the mountpoint as BKG casters do. */
export function unauthorized(version: NtripVersion, mountpoint: string, context: ReplyContext): Buffer {
  return errorReply(version, 401, 'Unauthorized', context, [
    ['WWW-Authenticate', `Basic realm="${quoteRealm(`/${mountpoint}`)}"`],
  ]);
}

/** v2 only: a v1 rover asking for an unknown mountpoint gets the sourcetable instead. */
export function notFoundV2(context: ReplyContext): Buffer {
  return errorReply(2, 404, 'Not Found', context);
}

/** v2 only: the mountpoint already has a live source (v1 sources get `ERROR - Mount Point Taken or Invalid`). */
export function conflictV2(context: ReplyContext): Buffer {
  return errorReply(2, 409, 'Conflict', context);
}

export function badRequest(version: NtripVersion, context: ReplyContext): Buffer {
  return errorReply(version, 400, 'Bad Request', context);
}

/** The caster is full or shutting down; Retry-After tells well-behaved clients when to come back. */
export function serviceUnavailable(version: NtripVersion, context: ReplyContext, retryAfterSeconds?: number): Buffer {
  const extra: Header[] =
    retryAfterSeconds === undefined ? [] : [['Retry-After', String(Math.max(0, Math.ceil(retryAfterSeconds)))]];
  return errorReply(version, 503, 'Service Unavailable', context, extra);
}

/** v1 source with a wrong password. RTKLIB retries every 10 s after any ERROR line. */
export function sourceBadPasswordV1(): Buffer {
  return Buffer.from(`ERROR - Bad Password${CRLF}`, 'latin1');
}

/** v1 source for a mountpoint that is live already or not allowed. */
export function sourceMountTakenV1(): Buffer {
  return Buffer.from(`ERROR - Mount Point Taken or Invalid${CRLF}`, 'latin1');
}

/**
 * v2 upload accepted. No Content-Length or Transfer-Encoding: the reply has no body and the connection
 * stays open while the source keeps sending its chunked request body.
 */
export function uploadOkV2(context: ReplyContext): Buffer {
  return head('HTTP/1.1 200 OK', [NTRIP_VERSION_HEADER, ...serverAndDate(context), CONNECTION_CLOSE]);
}

/** Interim reply for uploaders (curl) that sent `Expect: 100-continue` and wait before sending data. */
export function continue100(): Buffer {
  return Buffer.from(`HTTP/1.1 100 Continue${CRLF}${CRLF}`, 'latin1');
}

/**
 * A page for browsers, which cannot show an ICY stream; it points to the portal for how to connect, in the browser's
 * language (the only reply meant for people, so the only one translated).
 */
export function browserPage(context: ReplyContext, options: BrowserPageOptions): Buffer {
  const language = options.language ?? 'en';
  const body = Buffer.from(browserPageHtml(options, language), 'utf8');
  const reply = head('HTTP/1.1 200 OK', [
    ...serverAndDate(context),
    ['Cache-Control', 'no-store'],
    CONNECTION_CLOSE,
    ['Content-Type', 'text/html; charset=utf-8'],
    ['Content-Language', language],
    ['Content-Length', String(body.length)],
  ]);
  return Buffer.concat([reply, body]);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);
}

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function browserPageHtml({ brandName, portalUrl }: BrowserPageOptions, language: Language): string {
  const t = textsIn(language);
  const title = t('browserPage.title', { brand: escapeHtml(brandName) });
  const url = escapeHtml(portalUrl);
  return [
    '<!doctype html>',
    `<html lang="${language}">`,
    `<head><meta charset="utf-8"><title>${title}</title></head>`,
    '<body>',
    `<h1>${title}</h1>`,
    `<p>${t('browserPage.what')}</p>`,
    `<p>${t('browserPage.how')}</p>`,
    `<p>${t('browserPage.portal')} <a href="${url}">${url}</a></p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * v1 errors use an `HTTP/1.0` status line, as NTRIP 1.0 casters do (v1 clients may speak HTTP/1.0);
 * v2 errors use HTTP/1.1 and carry Ntrip-Version, or the BKG server falls back to v1.
 */
function errorReply(
  version: NtripVersion,
  status: number,
  statusText: string,
  context: ReplyContext,
  extra: readonly Header[] = [],
): Buffer {
  const body = Buffer.from(`${status} ${statusText}${CRLF}`, 'latin1');
  const reply = head(`HTTP/1.${version === 2 ? 1 : 0} ${status} ${statusText}`, [
    ...(version === 2 ? [NTRIP_VERSION_HEADER] : []),
    ...serverAndDate(context),
    ...extra,
    CONNECTION_CLOSE,
    ['Content-Type', 'text/plain'],
    ['Content-Length', String(body.length)],
  ]);
  return Buffer.concat([reply, body]);
}

function serverAndDate(context: ReplyContext): Header[] {
  // toUTCString() is exactly the RFC 7231 IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT".
  return [
    ['Server', context.server],
    ['Date', (context.date ?? new Date()).toUTCString()],
  ];
}

function head(statusLine: string, headers: readonly Header[]): Buffer {
  const lines = headers.map(([name, value]) => `${name}: ${headerValue(value)}${CRLF}`);
  return Buffer.from(`${statusLine}${CRLF}${lines.join('')}${CRLF}`, 'utf8');
}

/** Values come from configuration and requests; a CR or LF in one would split the reply (header injection). */
function headerValue(value: string): string {
  return value.replace(/[\r\n\0]/g, ' ');
}

function quoteRealm(realm: string): string {
  return realm.replace(/[\\"]/g, (char) => `\\${char}`);
}
