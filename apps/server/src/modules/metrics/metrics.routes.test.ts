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
});
