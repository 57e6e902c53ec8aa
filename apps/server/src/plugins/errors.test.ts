import { Writable } from 'node:stream';
import { AppError } from '@fixpoint/shared';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../testing/test-app';
import { registerErrorHandling } from './errors';

async function buildErrorApp(logLines: string[]) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.get('/app-error', () => {
    throw new AppError('CONFLICT', 409, 'This name is already taken.');
  });
  app.get('/crash', () => {
    throw new Error('connection string postgres://secret@db leaked');
  });
  app.get('/bad-response', { schema: { response: { 200: z.object({ n: z.number() }) } } }, () => ({ n: 'x' }) as never);
  app.post(
    '/things',
    { schema: { body: z.object({ name: z.string().min(3), count: z.number().int() }) } },
    (request) => request.body,
  );
  await app.ready();
  return app;
}

describe('the one error handler', () => {
  const logLines: string[] = [];
  let app: Awaited<ReturnType<typeof buildErrorApp>>;
  beforeAll(async () => {
    app = await buildErrorApp(logLines);
  });
  afterAll(() => app.close());

  it('sends an AppError as { code, message, requestId } with its status', async () => {
    const res = await app.inject({ url: '/app-error' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: 'This name is already taken.',
      requestId: expect.any(String),
    });
  });

  it('hides 5xx details from the caller and logs them', async () => {
    const res = await app.inject({ url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL');
    expect(res.body).not.toContain('secret');
    expect(logLines.join('')).toContain('connection string');
  });

  it('treats a response that breaks its schema as a 500', async () => {
    const res = await app.inject({ url: '/bad-response' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL');
  });

  it('lists every validation problem with its path', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'ab', count: 1.5 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((d: { path: string }) => d.path).sort()).toEqual(['body.count', 'body.name']);
    expect(body.message).toMatch(/^Invalid body\./);
  });

  it('answers malformed JSON with BAD_REQUEST', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('the real app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No route POST /api/nothing-here.' });
  });

  it('keeps an incoming well-formed request id and replaces a bad one', async () => {
    const kept = await t.app.inject({ url: '/api/meta', headers: { 'x-request-id': 'trace-12345678' } });
    expect(kept.headers['x-request-id']).toBe('trace-12345678');
    const replaced = await t.app.inject({ url: '/api/meta', headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers['x-request-id']).not.toBe('bad id <script>');
  });

  it('serves an OpenAPI document listing the routes', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/meta', '/api/meta/pages/{page}']),
    );
    expect(doc.paths['/api/meta'].put.requestBody).toBeDefined();
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
