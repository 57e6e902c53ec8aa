import { Writable } from 'node:stream';
import { generateSecretKey } from '@fixpoint/db';
import { createTestDatabase } from '@fixpoint/db/testing';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadEnv } from './env';
import { createLoggerOptions, redactUrl } from './logger';

describe('request logging', () => {
  it('never writes a reset token from a path or a query', () => {
    expect(redactUrl('/api/auth/reset-password/abcDEF123?callbackURL=http%3A%2F%2Fx')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=http%3A%2F%2Fx',
    );
    expect(redactUrl('/reset-password?token=abcDEF123&x=1')).toBe('/reset-password?token=[redacted]&x=1');
    expect(redactUrl('/api/accounts?limit=5')).toBe('/api/accounts?limit=5');
  });

  it('writes one line per request once it is answered: method, redacted URL, status and time, no cookie', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        callback();
      },
    });
    const database = await createTestDatabase();
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/fixpoint-logger-test', LOG_PRETTY: 'false' });
    const app = await buildApp({
      env,
      database,
      secretKey: generateSecretKey(),
      // The server's own options, writing here instead of to stdout.
      logger: { ...(createLoggerOptions(env) as object), stream },
    });
    try {
      await app.ready();
      lines.length = 0;
      const answer = await app.inject({
        url: '/api/nowhere?token=secret-token',
        headers: { cookie: 'fixpoint.session_token=secret-cookie' },
      });
      expect(answer.statusCode).toBe(404);
      const requestLines = lines.filter((line) => line.reqId !== undefined);
      expect(requestLines).toHaveLength(1);
      expect(requestLines[0]).toMatchObject({
        msg: 'request completed',
        req: { method: 'GET', url: '/api/nowhere?token=[redacted]' },
        res: { statusCode: 404 },
      });
      expect(typeof requestLines[0]?.responseTime).toBe('number');
      expect(JSON.stringify(lines)).not.toContain('secret');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
