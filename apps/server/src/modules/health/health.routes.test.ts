import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports a reachable database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database).toMatchObject({
      kind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      reachable: true,
    });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers 503 degraded when the database is gone', async () => {
    const own = await createTestApp();
    await own.database.close();
    const res = await own.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: { reachable: false, latencyMs: null } });
    await own.app.close();
  });
});
