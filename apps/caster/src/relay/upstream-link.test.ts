import { afterEach, describe, expect, it } from 'vitest';
import { TestUpstream } from './test-upstream';
import { UpstreamLink } from './upstream-link';

let upstream: TestUpstream | undefined;
let link: UpstreamLink | undefined;
afterEach(async () => {
  link?.close();
  await upstream?.stop();
});

describe('upstream silence', () => {
  it('takes a mount that sends every 100 ms for silent after five of its gaps (floor 1 s), not after 30 s', async () => {
    let stopped = 0;
    upstream = await TestUpstream.start((connection) => {
      connection.socket.write('ICY 200 OK\r\n\r\n');
      let sent = 0;
      const timer = setInterval(() => {
        if (connection.isClosed || ++sent > 15) {
          clearInterval(timer);
          stopped ||= Date.now();
          return; // the socket stays open: a caster whose source left
        }
        connection.socket.write(Buffer.from([0xd3, 0, 0]));
      }, 100);
    });
    const error = await new Promise<string>((resolve) => {
      link = new UpstreamLink(
        { host: '127.0.0.1', port: upstream?.port ?? 0, version: 1, username: null, password: null, mountpoint: 'M' },
        {
          silenceMs: 30_000,
          minSilenceMs: 1_000,
          backoffMinMs: 60_000,
          backoffMaxMs: 60_000,
          ggaIntervalMs: 10_000,
          needsGga: false,
        },
        { onUp: () => {}, onData: () => {}, onDown: () => {}, onError: resolve },
      );
    });
    expect(error).toBe('no data for 1 s');
    expect(Date.now() - stopped).toBeLessThan(2_500);
  });
});
