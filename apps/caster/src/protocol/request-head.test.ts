import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_HEAD_BYTES,
  type HeadReadResult,
  parseBasicAuth,
  parseRequestHead,
  type RequestHead,
  RequestHeadReader,
} from './request-head';

const basic = (credentials: string) => `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`;
const bytes = (text: string) => Buffer.from(text, 'latin1');

function readWhole(input: Buffer | string, options?: { maxHeadBytes?: number }): HeadReadResult {
  return new RequestHeadReader(options).push(typeof input === 'string' ? bytes(input) : input);
}

function headOf(input: string): RequestHead {
  const result = readWhole(input);
  if (result.status !== 'complete') throw new Error(`expected a complete head, got ${result.status}`);
  return result.head;
}

/**
 * Feeds `input` in pieces cut at `cuts` until the head is read; like a connection handler, it then treats
 * the leftover plus every later piece as the body.
 */
function readInPieces(input: Buffer, cuts: readonly number[]): HeadReadResult {
  const reader = new RequestHeadReader();
  const bounds = [0, ...cuts, input.length];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const result = reader.push(input.subarray(bounds[i], bounds[i + 1]));
    if (result.status === 'complete') {
      return { ...result, leftover: Buffer.concat([result.leftover, input.subarray(bounds[i + 1])]) };
    }
    if (result.status === 'error') return result;
  }
  return { status: 'incomplete' };
}

const GGA = '$GNGGA,115713.000,3150.7833,N,11711.9187,E,1,10,0.9,78.5,M,0.0,M,,*6A\r\n';
const RTKLIB_ROVER = `GET /MP HTTP/1.0\r\nUser-Agent: NTRIP RTKLIB/2.4.3\r\nAuthorization: ${basic('user:pass')}\r\n\r\n${GGA}`;
const BKG_V1_ROVER =
  'GET /MP HTTP/1.1\r\nHost: caster.example:2101\r\nUser-Agent: NTRIP NtripClientPOSIX/1.51\r\n' +
  `Authorization: ${basic('user:pass')}\r\nConnection: close\r\n\r\n`;
const V2_ROVER =
  'GET /MP HTTP/1.1\r\nHost: caster.example:2101\r\nNtrip-Version: Ntrip/2.0\r\nUser-Agent: NTRIP curl\r\n' +
  `Ntrip-GGA: ${GGA.trimEnd()}\r\nAuthorization: ${basic('user:pass')}\r\n\r\n`;
const CURL_UPLOAD =
  'POST /MP HTTP/1.1\r\nHost: 127.0.0.1:2101\r\n' +
  `Authorization: ${basic('base:secret')}\r\nUser-Agent: NTRIP curl\r\nAccept: */*\r\n` +
  'Transfer-Encoding: chunked\r\nNtrip-Version: Ntrip/2.0\r\nExpect: 100-continue\r\n\r\n';
const STR_LINE =
  'STR;MP;Berlin;RTCM 3.3;1005(10),1077(1);2;GPS+GLO;Fixpoint;DEU;52.52;13.40;0;0;Trimble;none;B;N;9600;';
const RTCM_START = Buffer.from([0xd3, 0x00, 0x13, 0x3e, 0xd0, 0x00, 0x03]);

describe('RequestHeadReader', () => {
  it('reads the RTKLIB rover head as v1 and returns the in-band GGA as leftover', () => {
    const result = readWhole(RTKLIB_ROVER);
    expect(result).toEqual({
      status: 'complete',
      head: {
        kind: 'get',
        version: 1,
        path: '/MP',
        mountpoint: 'MP',
        query: { raw: '', params: {} },
        headers: { 'user-agent': 'NTRIP RTKLIB/2.4.3', authorization: basic('user:pass') },
        auth: { username: 'user', password: 'pass' },
        userAgent: 'NTRIP RTKLIB/2.4.3',
        isNtripClient: true,
      },
      leftover: bytes(GGA),
    });
    if (result.status === 'complete') expect(result.leftover.toString('latin1').startsWith('$GNGGA')).toBe(true);
  });

  it('returns binary RTCM bytes after a SOURCE head untouched', () => {
    const head = bytes('SOURCE secret /MP\r\nSource-Agent: NTRIP ntripserver/1.5\r\n\r\n');
    const result = readWhole(Buffer.concat([head, RTCM_START]));
    expect(result.status).toBe('complete');
    if (result.status === 'complete') expect(result.leftover).toEqual(RTCM_START);
  });

  it('returns an empty leftover when the read ends with the head', () => {
    const result = readWhole(CURL_UPLOAD);
    expect(result.status === 'complete' && result.leftover.length).toBe(0);
  });

  it('accepts bare LF line ends', () => {
    const result = readWhole('GET /MP HTTP/1.0\nUser-Agent: NTRIP x\n\nrest');
    expect(result.status).toBe('complete');
    if (result.status !== 'complete') return;
    expect(result.head).toMatchObject({ kind: 'get', mountpoint: 'MP', userAgent: 'NTRIP x' });
    expect(result.leftover.toString()).toBe('rest');
  });

  it('accepts mixed line ends around the blank line', () => {
    expect(readWhole('GET / HTTP/1.0\r\n\nx')).toMatchObject({ status: 'complete', leftover: bytes('x') });
    expect(readWhole('GET / HTTP/1.0\n\r\nx')).toMatchObject({ status: 'complete', leftover: bytes('x') });
  });

  it('does not end the head at CR CR or at a single line end', () => {
    expect(readWhole('GET / HTTP/1.0\r\n')).toEqual({ status: 'incomplete' });
    expect(readWhole('GET / HTTP/1.0\r\r')).toEqual({ status: 'incomplete' });
    expect(readWhole('GET / HTTP/1.0\r\nHost: x\r\n')).toEqual({ status: 'incomplete' });
  });

  it.each([
    ['RTKLIB rover', RTKLIB_ROVER],
    ['BKG v1 rover', BKG_V1_ROVER],
    ['v2 rover', V2_ROVER],
    ['curl upload', CURL_UPLOAD],
    ['SOURCE with RTCM', 'SOURCE pw MP\r\nSource-Agent: NTRIP RTKLIB/2.4.3\r\n\r\n\xd3\x00\x13'],
    ['bare LF', 'GET /MP HTTP/1.0\nUser-Agent: NTRIP x\n\n$GPGGA'],
  ])('gives the same result for the %s head split at every byte offset', (_name, text) => {
    const input = bytes(text);
    const whole = readWhole(input);
    expect(whole.status).toBe('complete');
    for (let cut = 0; cut <= input.length; cut++) {
      expect(readInPieces(input, [cut])).toEqual(whole);
    }
    expect(
      readInPieces(
        input,
        Array.from({ length: input.length }, (_, i) => i),
      ),
    ).toEqual(whole);
  });

  it('accepts a head of exactly the cap, terminator included', () => {
    const start = 'GET /MP HTTP/1.0\r\nX-Pad: ';
    const end = '\r\n\r\n';
    const text = start + 'a'.repeat(DEFAULT_MAX_HEAD_BYTES - start.length - end.length) + end;
    expect(Buffer.byteLength(text)).toBe(DEFAULT_MAX_HEAD_BYTES);
    expect(readWhole(`${text}tail`).status).toBe('complete');
  });

  it('errors on a head one byte over the cap, whole or in pieces', () => {
    const start = 'GET /MP HTTP/1.0\r\nX-Pad: ';
    const text = `${start + 'a'.repeat(DEFAULT_MAX_HEAD_BYTES - start.length - 3)}\r\n\r\n`;
    const error = { status: 'error', reason: 'head too large' };
    expect(readWhole(text)).toEqual(error);
    expect(readInPieces(bytes(text), [100, 4000, 8000])).toEqual(error);
  });

  it('errors as soon as the cap is reached without a blank line', () => {
    const reader = new RequestHeadReader({ maxHeadBytes: 16 });
    expect(reader.push(bytes('GET /MP HTTP/1.0'.slice(0, 10)))).toEqual({ status: 'incomplete' });
    expect(reader.push(bytes('xxxxxx'))).toEqual({ status: 'error', reason: 'head too large' });
  });

  it('errors on an endless stream of garbage in one read', () => {
    expect(readWhole(Buffer.alloc(100_000, 0x41))).toEqual({ status: 'error', reason: 'head too large' });
  });

  it('is single use', () => {
    const reader = new RequestHeadReader();
    reader.push(bytes('GET / HTTP/1.0\r\n\r\n'));
    expect(() => reader.push(bytes('more'))).toThrow(/single use/);
  });
});

describe('parseRequestHead: GET', () => {
  it('treats the BKG client\'s "GET /MP HTTP/1.1" without Ntrip-Version as v1', () => {
    expect(headOf(BKG_V1_ROVER)).toMatchObject({
      kind: 'get',
      version: 1,
      mountpoint: 'MP',
      auth: { username: 'user', password: 'pass' },
      isNtripClient: true,
    });
  });

  it('reads a v2 rover with its Ntrip-GGA header', () => {
    expect(headOf(V2_ROVER)).toMatchObject({
      kind: 'get',
      version: 2,
      mountpoint: 'MP',
      ntripGga: GGA.trimEnd(),
      userAgent: 'NTRIP curl',
      isNtripClient: true,
    });
  });

  it('matches the Ntrip-Version header case-insensitively, name and value', () => {
    expect(headOf('GET /MP HTTP/1.1\r\nNTRIP-VERSION:  ntrip/2.0 \r\n\r\n')).toMatchObject({ version: 2 });
    expect(headOf('GET /MP HTTP/1.1\r\nNtrip-Version: Ntrip/1.0\r\n\r\n')).toMatchObject({ version: 1 });
    expect(headOf('GET /MP HTTP/1.1\r\nNtrip-Version: Ntrip/2.01\r\n\r\n')).toMatchObject({ version: 1 });
  });

  it('asks for the sourcetable with an empty mountpoint', () => {
    expect(headOf('GET / HTTP/1.0\r\nUser-Agent: NTRIP x\r\n\r\n')).toMatchObject({ kind: 'get', mountpoint: '' });
  });

  it('keeps the raw query and parses its parameters, first value winning', () => {
    const head = headOf('GET /?match=STR;;;;;;;;DEU&filter=%3E5&x=1&x=2 HTTP/1.1\r\n\r\n');
    expect(head).toMatchObject({
      kind: 'get',
      path: '/',
      mountpoint: '',
      query: {
        raw: 'match=STR;;;;;;;;DEU&filter=%3E5&x=1&x=2',
        params: { match: 'STR;;;;;;;;DEU', filter: '>5', x: '1' },
      },
    });
  });

  it('percent-decodes the path', () => {
    expect(headOf('GET /M%50_1%2E0 HTTP/1.0\r\n\r\n')).toMatchObject({ path: '/M%50_1%2E0', mountpoint: 'MP_1.0' });
  });

  it('does not validate a GET mountpoint: unknown names are answered like unknown mountpoints', () => {
    expect(headOf('GET /favicon.ico HTTP/1.1\r\n\r\n')).toMatchObject({ kind: 'get', mountpoint: 'favicon.ico' });
    expect(headOf('GET /a/b%20c HTTP/1.1\r\n\r\n')).toMatchObject({ kind: 'get', mountpoint: 'a/b c' });
  });

  it('rejects broken percent-encoding', () => {
    expect(headOf('GET /M%zz HTTP/1.0\r\n\r\n')).toEqual({
      kind: 'invalid',
      reason: 'bad percent-encoding',
      version: 1,
      method: 'GET',
    });
  });

  it('accepts an absolute-form target from proxy-configured clients', () => {
    expect(headOf('GET http://caster.example:2101/MP?a=1 HTTP/1.1\r\n\r\n')).toMatchObject({
      path: '/MP',
      mountpoint: 'MP',
      query: { raw: 'a=1' },
    });
    expect(headOf('GET http://caster.example:2101 HTTP/1.1\r\n\r\n')).toMatchObject({ path: '/', mountpoint: '' });
  });

  it('tells NTRIP clients from browsers by User-Agent', () => {
    const agent = (ua: string) => headOf(`GET /MP HTTP/1.1\r\nUser-Agent: ${ua}\r\n\r\n`);
    expect(agent('Mozilla/5.0 (X11; Linux x86_64)')).toMatchObject({ isNtripClient: false });
    expect(agent('ntrip u-blox')).toMatchObject({ isNtripClient: true });
    expect(agent('NTRIPClient')).toMatchObject({ isNtripClient: true });
    expect(headOf('GET /MP HTTP/1.1\r\n\r\n')).toMatchObject({ userAgent: '', isNtripClient: false });
  });

  it('lower-cases header names, joins repeats and unfolds continuation lines', () => {
    const head = headOf('GET /MP HTTP/1.1\r\nX-A: 1\r\nx-a: 2\r\nX-Long: one\r\n  two\r\n\r\n');
    expect(head).toMatchObject({ headers: { 'x-a': '1, 2', 'x-long': 'one two' } });
  });

  it('ignores an empty line before the request line', () => {
    expect(headOf('\r\nGET /MP HTTP/1.0\r\n\r\n')).toMatchObject({ kind: 'get', mountpoint: 'MP' });
  });
});

describe('parseRequestHead: POST', () => {
  it('reads the curl v2 upload head with Expect: 100-continue', () => {
    expect(headOf(CURL_UPLOAD)).toEqual({
      kind: 'post',
      version: 2,
      path: '/MP',
      mountpoint: 'MP',
      headers: {
        host: '127.0.0.1:2101',
        authorization: basic('base:secret'),
        'user-agent': 'NTRIP curl',
        accept: '*/*',
        'transfer-encoding': 'chunked',
        'ntrip-version': 'Ntrip/2.0',
        expect: '100-continue',
      },
      auth: { username: 'base', password: 'secret' },
      userAgent: 'NTRIP curl',
      isChunked: true,
      expectContinue: true,
    });
  });

  it('parses the Ntrip-STR header into an STR record', () => {
    const head = headOf(`POST /MP HTTP/1.1\r\nNtrip-Version: Ntrip/2.0\r\nNtrip-STR: ${STR_LINE}\r\n\r\n`);
    expect(head).toMatchObject({
      kind: 'post',
      isChunked: false,
      expectContinue: false,
      strRecord: { mountpoint: 'MP', identifier: 'Berlin', latitude: 52.52, bitrate: 9600 },
    });
    expect(head).not.toHaveProperty('auth');
  });

  it('leaves out a malformed Ntrip-STR but keeps it in the headers', () => {
    const head = headOf('POST /MP HTTP/1.1\r\nNtrip-Version: Ntrip/2.0\r\nNtrip-STR: nonsense\r\n\r\n');
    expect(head).not.toHaveProperty('strRecord');
    expect(head).toMatchObject({ headers: { 'ntrip-str': 'nonsense' } });
  });

  it('reads the final transfer coding', () => {
    const te = (value: string) =>
      headOf(`POST /MP HTTP/1.1\r\nNtrip-Version: Ntrip/2.0\r\nTransfer-Encoding: ${value}\r\n\r\n`);
    expect(te('gzip, Chunked')).toMatchObject({ isChunked: true });
    expect(te('chunked, gzip')).toMatchObject({ isChunked: false });
  });

  it('rejects a POST without Ntrip-Version: Ntrip/2.0', () => {
    expect(headOf('POST /MP HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n')).toEqual({
      kind: 'invalid',
      reason: 'POST without Ntrip-Version: Ntrip/2.0',
      version: 1,
      method: 'POST',
    });
  });

  it('rejects a POST without a mountpoint or with an invalid one', () => {
    const post = (path: string) => headOf(`POST ${path} HTTP/1.1\r\nNtrip-Version: Ntrip/2.0\r\n\r\n`);
    expect(post('/')).toEqual({ kind: 'invalid', reason: 'missing mountpoint', version: 2, method: 'POST' });
    expect(post('/M%20P')).toEqual({ kind: 'invalid', reason: 'invalid mountpoint', version: 2, method: 'POST' });
    expect(post('/a/b')).toEqual({ kind: 'invalid', reason: 'invalid mountpoint', version: 2, method: 'POST' });
  });
});

describe('parseRequestHead: SOURCE', () => {
  it.each([
    ['RTKLIB, no slash', 'SOURCE secret MP'],
    ['BKG ntripserver, slash', 'SOURCE secret /MP'],
    ['v2 spec, slash and HTTP/1.1', 'SOURCE secret /MP HTTP/1.1'],
    ['HTTP/1.0 suffix', 'SOURCE secret /MP HTTP/1.0'],
  ])('accepts %s', (_name, line) => {
    expect(headOf(`${line}\r\nSource-Agent: NTRIP RTKLIB/2.4.3\r\n\r\n`)).toEqual({
      kind: 'source-v1',
      password: 'secret',
      mountpoint: 'MP',
      headers: { 'source-agent': 'NTRIP RTKLIB/2.4.3' },
    });
  });

  it('reads the STR header', () => {
    const head = headOf(`SOURCE secret MP\r\nSource-Agent: NTRIP RTKLIB/2.4.3\r\nSTR: ${STR_LINE}\r\n\r\n`);
    expect(head).toMatchObject({ kind: 'source-v1', strRecord: { type: 'STR', mountpoint: 'MP', country: 'DEU' } });
  });

  it('keeps an empty password (two spaces) apart from a missing one', () => {
    expect(headOf('SOURCE  MP\r\n\r\n')).toMatchObject({ kind: 'source-v1', password: '', mountpoint: 'MP' });
    expect(headOf('SOURCE  /MP HTTP/1.1\r\n\r\n')).toMatchObject({ password: '', mountpoint: 'MP' });
    expect(headOf('SOURCE /MP\r\n\r\n')).toEqual({
      kind: 'invalid',
      reason: 'missing mountpoint',
      version: 1,
      method: 'SOURCE',
    });
    expect(headOf('SOURCE\r\n\r\n')).toMatchObject({ kind: 'invalid', reason: 'missing mountpoint' });
  });

  it('takes the last word as the mountpoint, so passwords may contain spaces and colons', () => {
    expect(headOf('SOURCE my pass:1 /MP\r\n\r\n')).toMatchObject({ password: 'my pass:1', mountpoint: 'MP' });
    expect(headOf('SOURCE pw MP \r\n\r\n')).toMatchObject({ password: 'pw', mountpoint: 'MP' });
  });

  it('accepts letters, digits, "_", "-" and "." in mountpoint names and nothing else', () => {
    expect(headOf('SOURCE pw /Ab_9-x.Y\r\n\r\n')).toMatchObject({ mountpoint: 'Ab_9-x.Y' });
    for (const name of ['/', 'M@P', 'M%50', 'a/b', 'MÜ']) {
      expect(headOf(`SOURCE pw ${name}\r\n\r\n`)).toMatchObject({ kind: 'invalid', reason: 'invalid mountpoint' });
    }
  });

  it('decodes the password as UTF-8', () => {
    const result = readWhole(Buffer.from('SOURCE pässwort MP\r\n\r\n', 'utf8'));
    expect(result).toMatchObject({ status: 'complete', head: { password: 'pässwort' } });
  });
});

describe('parseRequestHead: invalid heads', () => {
  it.each([
    ['an empty head', '\r\n\r\n', { reason: 'empty request' }],
    ['binary garbage', '\x16\x03\x01\x02\x00\x01\x00\r\n\r\n', { reason: 'bad request line' }],
    ['a missing HTTP version', 'GET /MP\r\n\r\n', { reason: 'bad request line', method: 'GET' }],
    ['a target without a slash', 'GET MP HTTP/1.0\r\n\r\n', { reason: 'bad request line', method: 'GET' }],
    ['HTTP/2.0', 'GET /MP HTTP/2.0\r\n\r\n', { reason: 'unsupported HTTP version', method: 'GET' }],
    ['a lower-case method', 'get /MP HTTP/1.0\r\n\r\n', { reason: 'bad request line' }],
    ['PUT', 'PUT /MP HTTP/1.1\r\n\r\n', { reason: 'unsupported method', method: 'PUT' }],
    ['OPTIONS', 'OPTIONS * HTTP/1.1\r\n\r\n', { reason: 'unsupported method', method: 'OPTIONS' }],
    [
      'a header without a colon',
      'GET /MP HTTP/1.0\r\nnonsense\r\n\r\n',
      { reason: 'malformed header line', method: 'GET' },
    ],
    [
      'a space before the colon',
      'GET /MP HTTP/1.0\r\nHost : x\r\n\r\n',
      { reason: 'malformed header line', method: 'GET' },
    ],
    [
      'a leading continuation line',
      'GET /MP HTTP/1.0\r\n folded\r\n\r\n',
      { reason: 'malformed header line', method: 'GET' },
    ],
  ])('rejects %s', (_name, text, expected) => {
    expect(headOf(text)).toEqual({ kind: 'invalid', version: 1, ...expected });
  });

  it('reports the NTRIP version of an invalid v2 request so errors can carry Ntrip-Version', () => {
    expect(headOf('DELETE /MP HTTP/1.1\r\nNtrip-Version: Ntrip/2.0\r\n\r\n')).toEqual({
      kind: 'invalid',
      reason: 'unsupported method',
      version: 2,
      method: 'DELETE',
    });
  });

  it('parses a head handed over without its blank line', () => {
    expect(parseRequestHead('GET /MP HTTP/1.0\r\nUser-Agent: NTRIP x')).toMatchObject({
      kind: 'get',
      userAgent: 'NTRIP x',
    });
    expect(parseRequestHead('')).toEqual({ kind: 'invalid', reason: 'empty request', version: 1 });
  });
});

describe('parseBasicAuth', () => {
  it('splits at the first colon so passwords may contain colons', () => {
    expect(parseBasicAuth(basic('user:pa:ss:'))).toEqual({ username: 'user', password: 'pa:ss:' });
  });

  it('accepts an empty user or password, any case of "Basic" and missing padding', () => {
    expect(parseBasicAuth(basic(':pw'))).toEqual({ username: '', password: 'pw' });
    expect(parseBasicAuth(basic('user:'))).toEqual({ username: 'user', password: '' });
    expect(parseBasicAuth(`basic ${Buffer.from('u:p').toString('base64')}`)).toEqual({ username: 'u', password: 'p' });
    expect(parseBasicAuth('Basic dTpwMQ')).toEqual({ username: 'u', password: 'p1' });
  });

  it('decodes UTF-8 credentials', () => {
    expect(parseBasicAuth(basic('jürgen:grüß'))).toEqual({ username: 'jürgen', password: 'grüß' });
  });

  it.each([
    ['no header', undefined],
    ['an empty value', ''],
    ['another scheme', 'Digest username="u"'],
    ['no credentials', 'Basic'],
    ['no colon inside', basic('userpass')],
    ['characters outside base64', 'Basic dXNlcjpw!XNz'],
    ['a lone trailing character', 'Basic dXNlcjpwYXNzQ'],
    ['wrong padding', 'Basic dXNlcjpwYXM=='],
    ['two values', `${basic('a:b')}, ${basic('c:d')}`],
  ])('gives no credentials for %s', (_name, value) => {
    expect(parseBasicAuth(value)).toBeUndefined();
  });

  it('gives no credentials on a GET with malformed Authorization', () => {
    expect(headOf('GET /MP HTTP/1.0\r\nAuthorization: Basic ???\r\n\r\n')).not.toHaveProperty('auth');
  });
});
