import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type RunningServer, startServer } from '../e2e/harness';
import { callApi } from '../e2e/page-helpers';

const password = `pw-${crypto.randomUUID()}`;

/** One NTRIP 1.0 rover request; resolves with the reply's first line once the caster has closed or answered. */
function roverAttempt(port: number, username: string, secret: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      const auth = Buffer.from(`${username}:${secret}`).toString('base64');
      socket.write(`GET /DEMO_AUTO HTTP/1.0\r\nUser-Agent: NTRIP flood\r\nAuthorization: Basic ${auth}\r\n\r\n`);
    });
    let reply = '';
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) socket.destroy();
    });
    socket.on('close', () => resolve(reply.split('\r\n')[0] ?? ''));
    socket.on('error', () => resolve(''));
  });
}

/**
 * Issue 16's flood, bounded and fixed, against `npm start` in its own process: 400 rover logins with a wrong password
 * for a real account (each would check the owner's web password, a slow hash) and 200 wrong SOURCE requests arrive
 * within a second; a web sign-in made meanwhile is answered within a second.
 */
describe('a login flood against the running product', () => {
  let server: RunningServer;
  let casterPort: number;
  let username = '';

  beforeAll(async () => {
    casterPort = await freePort();
    server = await startServer({ CASTER_PORT: String(casterPort) });
    const { token } = await callApi(server.url, '/auth/sign-up/email', {
      method: 'POST',
      body: { email: 'flooded@example.com', name: 'Flooded', password, termsAccepted: true },
    });
    const { body } = await callApi(server.url, '/accounts', {
      method: 'POST',
      token: token ?? '',
      body: { name: 'Target' },
    });
    username = (body as unknown as { username: string }).username;
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('answers a web sign-in within a second while the caster is flooded', async () => {
    const flood = Promise.all([
      ...Array.from({ length: 400 }, () => roverAttempt(casterPort, username, 'not-the-password')),
      ...Array.from(
        { length: 200 },
        () =>
          new Promise<void>((resolve) => {
            const socket = connect({ host: '127.0.0.1', port: casterPort }, () =>
              socket.write('SOURCE wrong /DEMO_AMS\r\nSource-Agent: NTRIP flood\r\n\r\n'),
            );
            // Read the refusal, or the socket never sees the caster's close.
            socket.resume();
            socket.on('close', () => resolve());
            socket.on('error', () => resolve());
            socket.setTimeout(20_000, () => socket.destroy());
          }),
      ),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: 'flooded@example.com', password }),
    });
    const signInMs = Date.now() - started;
    const replies = (await flood).slice(0, 400) as string[];
    expect(signIn.status).toBe(200);
    expect(signInMs).toBeLessThan(1_000);
    // Every flooded rover got the protocol's refusal.
    expect(replies.every((line) => line.startsWith('HTTP/1.0 401') || line.startsWith('ICY 401') || line === '')).toBe(
      true,
    );
    expect(replies.filter((line) => line.includes('401')).length).toBeGreaterThan(300);
  }, 60_000);
});
