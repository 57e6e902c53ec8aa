import Fastify from 'fastify';
import { Counter, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { metricsRoutes } from './metrics.routes';

describe('GET /metrics', () => {
  it('serves the registry in Prometheus text format', async () => {
    const registry = new Registry();
    new Counter({ name: 'fixpoint_test_total', help: 'test', registers: [registry] }).inc(3);
    const app = Fastify();
    await app.register(metricsRoutes, { registry });
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('fixpoint_test_total 3\n');
    await app.close();
  });

  it('wants the bearer token when one is set, compared in constant time', async () => {
    const registry = new Registry();
    new Counter({ name: 'fixpoint_secret_total', help: 'test', registers: [registry] }).inc();
    const token = 'a-scraper-token-of-some-length';
    const app = Fastify();
    await app.register(metricsRoutes, { registry, token });
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer a-scraper-token-of-some-lengtH' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('fixpoint_secret_total');
    const right = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('fixpoint_secret_total 1\n');
    await app.close();
  });
});
