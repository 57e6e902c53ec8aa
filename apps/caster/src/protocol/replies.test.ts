import { describe, expect, it } from 'vitest';
import {
  badRequest,
  browserPage,
  conflictV2,
  continue100,
  escapeHtml,
  icyOk,
  notFoundV2,
  serviceUnavailable,
  sourceBadPasswordV1,
  sourceMountTakenV1,
  sourcetableOk,
  streamOkV2,
  unauthorized,
  uploadOkV2,
} from './replies';

const context = { server: 'NTRIP Fixpoint/1.0', date: new Date(Date.UTC(2026, 0, 5, 9, 7, 3)) };
const DATE = 'Date: Mon, 05 Jan 2026 09:07:03 GMT\r\n';
const SERVER = 'Server: NTRIP Fixpoint/1.0\r\n';
const text = (reply: Buffer) => reply.toString('utf8');

describe('rover replies', () => {
  it('answers a v1 stream with ICY 200 OK and nothing else', () => {
    expect(icyOk()).toEqual(Buffer.from('ICY 200 OK\r\n\r\n', 'latin1'));
  });

  it('answers a v2 stream with the chunked gnss/data head', () => {
    expect(text(streamOkV2(context))).toBe(
      'HTTP/1.1 200 OK\r\n' +
        'Ntrip-Version: Ntrip/2.0\r\n' +
        SERVER +
        DATE +
        'Cache-Control: no-store,no-cache,max-age=0\r\n' +
        'Pragma: no-cache\r\n' +
        'Connection: close\r\n' +
        'Content-Type: gnss/data\r\n' +
        'Transfer-Encoding: chunked\r\n' +
        '\r\n',
    );
  });

  it('writes the Date header as an RFC 7231 IMF-fixdate, defaulting to now', () => {
    const date = /Date: (.+)\r\n/.exec(text(streamOkV2({ server: 'x' })))?.[1] ?? '';
    expect(date).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(Math.abs(Date.parse(date) - Date.now())).toBeLessThan(5_000);
  });
});

describe('sourcetable replies', () => {
  const body = 'STR;MP;Berlin;RTCM 3.3;;2;GPS;;DEU;52.52;13.40;0;0;;none;B;N;9600;\r\nENDSOURCETABLE\r\n';

  it('answers v1 with SOURCETABLE 200 OK and a Content-Length that counts ENDSOURCETABLE', () => {
    expect(text(sourcetableOk(1, body, context))).toBe(
      'SOURCETABLE 200 OK\r\n' +
        SERVER +
        DATE +
        'Connection: close\r\n' +
        'Content-Type: text/plain\r\n' +
        `Content-Length: ${body.length}\r\n` +
        '\r\n' +
        body,
    );
  });

  it('answers v2 with HTTP/1.1 200 OK, Ntrip-Version and gnss/sourcetable', () => {
    expect(text(sourcetableOk(2, body, context))).toBe(
      'HTTP/1.1 200 OK\r\n' +
        'Ntrip-Version: Ntrip/2.0\r\n' +
        SERVER +
        DATE +
        'Connection: close\r\n' +
        'Content-Type: gnss/sourcetable\r\n' +
        `Content-Length: ${body.length}\r\n` +
        '\r\n' +
        body,
    );
  });

  it('counts bytes, not characters, in Content-Length', () => {
    const utf8Body = 'STR;MP;Zürich\r\nENDSOURCETABLE\r\n';
    const reply = sourcetableOk(1, utf8Body, context);
    const [head, sent] = splitHead(reply);
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(utf8Body)}\r\n`);
    expect(Buffer.byteLength(utf8Body)).toBe(utf8Body.length + 1);
    expect(sent).toEqual(Buffer.from(utf8Body, 'utf8'));
  });

  it('takes a pre-rendered Buffer body as is', () => {
    const bytes = Buffer.from('ENDSOURCETABLE\r\n');
    const [head, sent] = splitHead(sourcetableOk(2, bytes, context));
    expect(head).toContain('Content-Length: 16\r\n');
    expect(sent).toEqual(bytes);
  });
});

describe('error replies', () => {
  it('answers v1 bad credentials with an HTTP/1.0 401 and a realm naming the mountpoint', () => {
    const body = '401 Unauthorized\r\n';
    expect(text(unauthorized(1, 'MP', context))).toBe(
      'HTTP/1.0 401 Unauthorized\r\n' +
        SERVER +
        DATE +
        'WWW-Authenticate: Basic realm="/MP"\r\n' +
        'Connection: close\r\n' +
        'Content-Type: text/plain\r\n' +
        `Content-Length: ${body.length}\r\n` +
        '\r\n' +
        body,
    );
  });

  it('answers v2 bad credentials with an HTTP/1.1 401 carrying Ntrip-Version', () => {
    const body = '401 Unauthorized\r\n';
    expect(text(unauthorized(2, 'MP', context))).toBe(
      'HTTP/1.1 401 Unauthorized\r\n' +
        'Ntrip-Version: Ntrip/2.0\r\n' +
        SERVER +
        DATE +
        'WWW-Authenticate: Basic realm="/MP"\r\n' +
        'Connection: close\r\n' +
        'Content-Type: text/plain\r\n' +
        `Content-Length: ${body.length}\r\n` +
        '\r\n' +
        body,
    );
  });

  it('cannot be split by a hostile mountpoint name in the realm', () => {
    const reply = text(unauthorized(2, 'a"b\\c\r\nSet-Cookie: x', context));
    expect(reply).toContain('WWW-Authenticate: Basic realm="/a\\"b\\\\c  Set-Cookie: x"\r\n');
    expect(reply).not.toContain('\r\nSet-Cookie');
  });

  it.each([
    ['404', notFoundV2(context), 'HTTP/1.1 404 Not Found', '404 Not Found\r\n'],
    ['409', conflictV2(context), 'HTTP/1.1 409 Conflict', '409 Conflict\r\n'],
    ['400', badRequest(2, context), 'HTTP/1.1 400 Bad Request', '400 Bad Request\r\n'],
    ['503', serviceUnavailable(2, context), 'HTTP/1.1 503 Service Unavailable', '503 Service Unavailable\r\n'],
  ])('answers a v2 %s with Ntrip-Version and a short body', (_name, reply, statusLine, body) => {
    expect(text(reply)).toBe(
      `${statusLine}\r\n` +
        'Ntrip-Version: Ntrip/2.0\r\n' +
        SERVER +
        DATE +
        'Connection: close\r\n' +
        'Content-Type: text/plain\r\n' +
        `Content-Length: ${body.length}\r\n` +
        '\r\n' +
        body,
    );
  });

  it.each([
    ['400', badRequest(1, context), 'HTTP/1.0 400 Bad Request', '400 Bad Request\r\n'],
    ['503', serviceUnavailable(1, context), 'HTTP/1.0 503 Service Unavailable', '503 Service Unavailable\r\n'],
  ])('answers a v1 %s as HTTP/1.0 without Ntrip-Version', (_name, reply, statusLine, body) => {
    expect(text(reply)).toBe(
      `${statusLine}\r\n` +
        SERVER +
        DATE +
        'Connection: close\r\n' +
        'Content-Type: text/plain\r\n' +
        `Content-Length: ${body.length}\r\n` +
        '\r\n' +
        body,
    );
  });

  it('adds Retry-After in whole seconds when asked', () => {
    expect(text(serviceUnavailable(2, context, 4.2))).toContain(`${DATE}Retry-After: 5\r\nConnection: close\r\n`);
    expect(text(serviceUnavailable(1, context, -3))).toContain('Retry-After: 0\r\n');
  });
});

describe('source replies', () => {
  it('answers v1 sources with ICY 200 OK or an ERROR line', () => {
    expect(icyOk()).toEqual(Buffer.from('ICY 200 OK\r\n\r\n'));
    expect(sourceBadPasswordV1()).toEqual(Buffer.from('ERROR - Bad Password\r\n'));
    expect(sourceMountTakenV1()).toEqual(Buffer.from('ERROR - Mount Point Taken or Invalid\r\n'));
  });

  it('answers a v2 upload with HTTP/1.1 200 OK and no body framing', () => {
    expect(text(uploadOkV2(context))).toBe(
      `HTTP/1.1 200 OK\r\nNtrip-Version: Ntrip/2.0\r\n${SERVER}${DATE}Connection: close\r\n\r\n`,
    );
  });

  it('has the 100 Continue interim reply for curl', () => {
    expect(continue100()).toEqual(Buffer.from('HTTP/1.1 100 Continue\r\n\r\n'));
  });

  it('returns a fresh Buffer each time, so one caller cannot corrupt another', () => {
    const first = icyOk();
    first.fill(0);
    expect(icyOk()).toEqual(Buffer.from('ICY 200 OK\r\n\r\n'));
  });
});

describe('browser page', () => {
  const options = { brandName: 'Fixpoint <RTK> & "Co"', portalUrl: 'https://portal.example/?a=1&b="2"' };

  it('is an HTML 200 with an exact Content-Length', () => {
    const [head, body] = splitHead(browserPage(context, options));
    expect(head).toBe(
      'HTTP/1.1 200 OK\r\n' +
        SERVER +
        DATE +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n' +
        'Content-Type: text/html; charset=utf-8\r\n' +
        'Content-Language: en\r\n' +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
  });

  it('says it is an NTRIP caster, how to connect, and links the portal, all HTML-escaped', () => {
    const [, body] = splitHead(browserPage(context, options));
    const html = body.toString('utf8');
    expect(html).toContain('<title>Fixpoint &lt;RTK&gt; &amp; &quot;Co&quot; NTRIP caster</title>');
    expect(html).toContain('This address is an NTRIP caster.');
    expect(html).toContain('NTRIP client');
    expect(html).toContain(
      '<a href="https://portal.example/?a=1&amp;b=&quot;2&quot;">https://portal.example/?a=1&amp;b=&quot;2&quot;</a>',
    );
    expect(html).not.toContain('<RTK>');
  });

  it("speaks the browser's language", () => {
    const [head, body] = splitHead(browserPage(context, { ...options, language: 'de' }));
    const html = body.toString('utf8');
    expect(head).toContain('Content-Language: de\r\n');
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<title>Fixpoint &lt;RTK&gt; &amp; &quot;Co&quot; NTRIP-Caster</title>');
    expect(html).toContain('Diese Adresse ist ein NTRIP-Caster.');
    const dutch = splitHead(browserPage(context, { ...options, language: 'nl' }))[1].toString('utf8');
    expect(dutch).toContain('Dit adres is een NTRIP-caster.');
  });

  it('escapes all five HTML specials', () => {
    expect(escapeHtml(`<a href='x'>"&"</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;');
  });
});

describe('header values', () => {
  it('cannot be split by a CR or LF in the configured server name', () => {
    const reply = text(badRequest(1, { ...context, server: 'Evil\r\nX-Injected: 1' }));
    expect(reply).toContain('Server: Evil  X-Injected: 1\r\n');
    expect(reply).not.toContain('\r\nX-Injected');
  });
});

function splitHead(reply: Buffer): [string, Buffer] {
  const end = reply.indexOf('\r\n\r\n') + 4;
  return [reply.subarray(0, end).toString('utf8'), reply.subarray(end)];
}
