import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** The body as it came, byte for byte (what a signature is checked over). */
  raw: string;
  /** The status the sink answered with. */
  status: number;
}

/**
 * A real HTTP server on a local port (a free one, or `port` to come back on the same address) that keeps every
 * request it receives and answers `status` (200 unless set), for tests of outgoing webhooks.
 */
export async function startWebhookSink({ port = 0, status = 200 }: { port?: number; status?: number } = {}) {
  const received: ReceivedHook[] = [];
  const waiters: (() => void)[] = [];
  let answer = status;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
        raw: text,
        status: answer,
      });
      response.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    port: address.port,
    url: `http://127.0.0.1:${address.port}`,
    received,
    /** The status later requests are answered with. */
    answerWith(next: number) {
      answer = next;
    },
    /** Resolves with the first request `match` accepts, waiting up to 5 s for it. */
    async waitFor(match: (hook: ReceivedHook) => boolean): Promise<ReceivedHook> {
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const hook = received.find(match);
        if (hook) return hook;
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      throw new Error('the webhook did not receive the expected request within 5 s');
    },
    /** Closes the port at once: later requests are refused (ECONNREFUSED). */
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type WebhookSink = Awaited<ReturnType<typeof startWebhookSink>>;
