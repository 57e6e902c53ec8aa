import { defaultDescription } from '@fixpoint/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createMetaRepository } from './meta.repository';

describe('meta routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/meta returns gtagId null on a fresh install and the stored value later', async () => {
    expect((await t.app.inject({ url: '/api/meta' })).json()).toEqual({ gtagId: null });
    await createMetaRepository(t.database.db).setGtagId('G-ABC123');
    expect((await t.app.inject({ url: '/api/meta' })).json()).toEqual({ gtagId: 'G-ABC123' });
  });

  it('GET /api/meta/pages/{page} falls back to the built-in title and default description', async () => {
    const res = await t.app.inject({ url: '/api/meta/pages/marketplace' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ page: 'marketplace', title: 'Marketplace', description: defaultDescription });
  });

  it('GET /api/meta/pages/{page} prefers stored metadata', async () => {
    await createMetaRepository(t.database.db).setPageMeta('map', 'Coverage map', 'Where corrections reach.');
    expect((await t.app.inject({ url: '/api/meta/pages/map' })).json()).toEqual({
      page: 'map',
      title: 'Coverage map',
      description: 'Where corrections reach.',
    });
  });

  it('answers 404 with the error model for an unknown page', async () => {
    const res = await t.app.inject({ url: '/api/meta/pages/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: "No metadata for page 'nowhere'." });
    expect(res.json().requestId).toBe(res.headers['x-request-id']);
  });

  it('rejects a malformed page key with VALIDATION_FAILED', async () => {
    const res = await t.app.inject({ url: '/api/meta/pages/Bad%20Page' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json().message).toContain('params.page');
  });

  it('refuses the admin writes to a signed-out caller before looking at the body', async () => {
    const app = await t.app.inject({ method: 'PUT', url: '/api/meta', payload: { gtagId: 'G-X' } });
    expect(app.statusCode).toBe(401);
    expect(app.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const page = await t.app.inject({ method: 'PUT', url: '/api/meta/pages/map', payload: { nonsense: true } });
    expect(page.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/meta' })).json()).toEqual({ gtagId: 'G-ABC123' });
  });
});
