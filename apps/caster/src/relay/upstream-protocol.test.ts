import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backoffDelay, buildUpstreamRequest, parseUpstreamReply } from './upstream-protocol';

const rtcm = Buffer.from([0xd3, 0x00, 0x00, 0x47, 0xea, 0x4b]);

describe('upstream reply', () => {
  it('reads ICY 200 OK with a blank line, with header lines, and with nothing before the data', () => {
    for (const head of ['ICY 200 OK\r\n\r\n', 'ICY 200 OK\r\nServer: x\r\nDate: y\r\n\r\n', 'ICY 200 OK\r\n']) {
      const reply = parseUpstreamReply(Buffer.concat([Buffer.from(head), rtcm]));
      expect(reply).toEqual({ kind: 'stream', headBytes: head.length, isChunked: false, server: '' });
    }
  });

  it('reads HTTP 200 chunked and plain, and waits for the whole head', () => {
    const chunked =
      'HTTP/1.1 200 OK\r\nNtrip-Version: Ntrip/2.0\r\nServer: NTRIP Up/2\r\nTransfer-Encoding: chunked\r\n\r\n';
    expect(parseUpstreamReply(Buffer.from(chunked.slice(0, 40)))).toEqual({ kind: 'incomplete' });
    expect(parseUpstreamReply(Buffer.from(chunked))).toEqual({
      kind: 'stream',
      headBytes: chunked.length,
      isChunked: true,
      server: 'NTRIP Up/2',
    });
    const plain = 'HTTP/1.0 200 OK\nContent-Type: gnss/data\n\n';
    expect(parseUpstreamReply(Buffer.concat([Buffer.from(plain), rtcm]))).toMatchObject({
      kind: 'stream',
      headBytes: plain.length,
      isChunked: false,
    });
  });

  it('turns refusals into the message the feed page shows', () => {
    const refused = (text: string) => parseUpstreamReply(Buffer.from(text));
    expect(refused('HTTP/1.0 401 Unauthorized\r\nWWW-Authenticate: Basic realm="/X"\r\n\r\n')).toEqual({
      kind: 'refused',
      message: '401 Unauthorized',
    });
    expect(refused('HTTP/1.1 404\r\n\r\n')).toEqual({ kind: 'refused', message: '404 Not Found' });
    expect(refused('SOURCETABLE 200 OK\r\nContent-Length: 10\r\n\r\n')).toMatchObject({
      message: expect.stringMatching(/^404 Not Found/),
    });
    expect(
      refused('HTTP/1.1 200 OK\r\nContent-Type: gnss/sourcetable\r\nContent-Length: 10\r\n\r\nSTR;'),
    ).toMatchObject({ message: expect.stringMatching(/^404 Not Found/) });
    expect(refused('ERROR - Bad Password\r\n')).toEqual({ kind: 'refused', message: 'ERROR - Bad Password' });
    expect(refused('garbage\u0001here\n')).toEqual({ kind: 'refused', message: 'unexpected reply: garbagehere' });
  });
});

describe('upstream request', () => {
  it('sends v1 and v2 requests with Basic credentials', () => {
    const password = randomBytes(6).toString('hex');
    const target = { host: 'up.example', port: 2101, username: 'me', password, mountpoint: 'MP1' };
    const v1 = buildUpstreamRequest({ ...target, version: 1 }).toString();
    const credentials = Buffer.from(`me:${password}`).toString('base64');
    expect(v1).toBe(
      `GET /MP1 HTTP/1.0\r\nUser-Agent: NTRIP FixpointRelay/1.0\r\nAuthorization: Basic ${credentials}\r\n\r\n`,
    );
    const v2 = buildUpstreamRequest({ ...target, version: 2, username: null }).toString();
    expect(v2).toContain('GET /MP1 HTTP/1.1\r\nHost: up.example:2101\r\nNtrip-Version: Ntrip/2.0\r\n');
    expect(v2).not.toContain('Authorization');
  });
});

describe('back-off', () => {
  it('doubles from the minimum to the cap, with jitter inside the cap', () => {
    const middle = (attempt: number) => backoffDelay(attempt, 1_000, 60_000, 0.5);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(middle)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    expect(backoffDelay(3, 1_000, 60_000, 0)).toBe(3_000);
    expect(backoffDelay(3, 1_000, 60_000, 0.999)).toBeGreaterThan(4_900);
    expect(backoffDelay(20, 1_000, 60_000, 0.999)).toBe(60_000);
  });
});
