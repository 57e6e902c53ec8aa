import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { AppError } from '@fixpoint/shared';
import type { LightMyRequestResponse } from 'fastify';
import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../testing/test-app';
import { registerErrorHandling } from './errors';
import { validatorCompiler } from './validation';

/** The one error shape, exactly: no other keys, and the request id the `x-request-id` header carries, if sent. */
function expectErrorShape(res: LightMyRequestResponse, status: number, code: string, message?: string) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['code', 'message', 'requestId']);
  expect(body).toEqual({
    code,
    message: message ?? expect.any(String),
    requestId: res.headers['x-request-id'] ?? expect.any(String),
  });
  return body as { code: string; message: string; requestId: string };
}

/** Sends raw bytes to a listening server and reads its whole answer (it closes the connection). */
function rawRequest(port: number, request: string) {
  return new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

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
  app.post(
    '/rules',
    {
      schema: {
        body: z.object({
          title: z.string().min(1),
          email: z.email(),
          tags: z.array(z.string()).max(2),
          kind: z.enum(['a', 'b']),
          id: z.uuid(),
          limit: z.number().gt(0),
          label: z.string().min(1, 'Give the thing a label.'),
        }),
      },
    },
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

  it('lists every validation problem with its path, its rule and the rule in words', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'ab', count: 1.5 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe('Invalid body.name: must be at least 3 characters long.');
    expect(body.details).toEqual([
      { path: 'body.name', message: 'must be at least 3 characters long', rule: 'minLength', params: { count: 3 } },
      { path: 'body.count', message: 'must be a whole number', rule: 'integer' },
    ]);
  });

  it('says every rule in words, never as a rule key or zod jargon, and keeps a message written for the field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/rules',
      payload: { title: '', tags: ['x', 'y', 'z'], kind: 'c', id: 'nope', limit: 0, label: '' },
    });
    expect(res.statusCode).toBe(400);
    const byPath = Object.fromEntries(
      (res.json().details as { path: string; message: string; rule?: string }[]).map((d) => [d.path, d]),
    );
    expect(byPath).toEqual({
      'body.title': { path: 'body.title', message: 'is required', rule: 'required' },
      'body.email': { path: 'body.email', message: 'is required', rule: 'required' },
      'body.tags': { path: 'body.tags', message: 'must have at most 2 items', rule: 'maxItems', params: { count: 2 } },
      'body.kind': { path: 'body.kind', message: 'is not one of the allowed choices', rule: 'choice' },
      'body.id': { path: 'body.id', message: 'is not a valid id', rule: 'id' },
      'body.limit': {
        path: 'body.limit',
        message: 'must be greater than 0',
        rule: 'greaterThan',
        params: { limit: 0 },
      },
      'body.label': { path: 'body.label', message: 'Give the thing a label.' },
    });
    expect(res.json().message).toBe('Invalid body.title: is required.');
    expect(res.body).not.toMatch(/Too small|Too big|expected|received|>=|minLength|Invalid input/);

    const email = await app.inject({
      method: 'POST',
      url: '/rules',
      payload: {
        title: 't',
        email: 'not-an-address',
        tags: [],
        kind: 'a',
        id: crypto.randomUUID(),
        limit: 1,
        label: 'l',
      },
    });
    expect(email.json().details).toEqual([
      { path: 'body.email', message: 'must be a valid e-mail address', rule: 'email' },
    ]);
  });

  it('answers malformed JSON with BAD_REQUEST in words', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expectErrorShape(res, 400, 'BAD_REQUEST', 'The request body is not valid JSON.');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expectErrorShape(
      res,
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      "The request body's content type is not accepted here; send JSON.",
    );
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
    expectErrorShape(res, 404, 'NOT_FOUND', 'No route POST /api/nothing-here.');
  });

  it('answers a method a route does not have as a 404 in the same shape (Fastify has no 405 of its own)', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/meta' });
    expectErrorShape(res, 404, 'NOT_FOUND', 'No route DELETE /api/meta.');
  });

  it('answers malformed and empty JSON bodies with 400 BAD_REQUEST', async () => {
    const headers = { 'content-type': 'application/json' };
    const malformed = await t.app.inject({ method: 'POST', url: '/api/sales-requests', headers, payload: '{"a":' });
    expectErrorShape(malformed, 400, 'BAD_REQUEST', 'The request body is not valid JSON.');
    const empty = await t.app.inject({ method: 'POST', url: '/api/sales-requests', headers, payload: '' });
    expectErrorShape(empty, 400, 'BAD_REQUEST', 'The request body is empty, but its content type says JSON.');
  });

  it('answers a body it cannot read with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sales-requests',
      headers: { 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expectErrorShape(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it("answers a body over the limit with 413, on our routes and on better-auth's", async () => {
    const payload = JSON.stringify({ message: 'a'.repeat(1_100_000) });
    const headers = { 'content-type': 'application/json' };
    for (const url of ['/api/sales-requests', '/api/auth/sign-in/email']) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload });
      expectErrorShape(res, 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
    }
  });

  it('keeps a caller-given request id in the body as in the header', async () => {
    const res = await t.app.inject({ url: '/api/nothing', headers: { 'x-request-id': 'trace-abcdef12' } });
    expect(expectErrorShape(res, 404, 'NOT_FOUND').requestId).toBe('trace-abcdef12');
  });

  it("answers better-auth's refusals in the same shape: its 401, and its 404 as NOT_FOUND", async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'nobody@example.com', password: 'a long password' },
    });
    expectErrorShape(signIn, 401, 'INVALID_EMAIL_OR_PASSWORD');
    const unknown = await t.app.inject({ url: '/api/auth/nothing-here' });
    expectErrorShape(unknown, 404, 'NOT_FOUND');
  });

  it('says which password rules a sign-up broke in words, with the rules for the web', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'ada@example.com', name: 'Ada', password: 'short', termsAccepted: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'PASSWORD_POLICY',
      message: 'The password must be at least 8 characters long.',
      requestId: res.headers['x-request-id'],
      details: [
        {
          path: 'body.password',
          message: 'must be at least 8 characters long',
          rule: 'minLength',
          params: { count: 8 },
        },
      ],
    });
  });

  it('answers the API schema validation in words with the request id', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: {} });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', requestId: res.headers['x-request-id'] });
    expect(body.message).toBe('Invalid body.email: is required.');
    expect(res.body).not.toMatch(/expected string|received undefined/);
  });

  describe('on a real socket', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const address = t.app.server.address();
      port = typeof address === 'object' && address ? address.port : 0;
    });

    it("answers headers over Node's limit with 431 in the one shape, though Node's parser refuses them", async () => {
      const res = await rawRequest(
        port,
        `GET /api/meta HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(res.status).toBe(431);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(res.body);
      expect(body).toEqual({
        code: 'HEADERS_TOO_LARGE',
        message: 'The request headers are too large.',
        requestId: res.headers['x-request-id'],
      });
      expect(body.requestId).toMatch(/^[\w-]{36}$/);
    });

    it('answers bytes that are not HTTP with 400 in the one shape', async () => {
      const res = await rawRequest(port, 'HELLO THERE\r\n\r\n');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({
        code: 'BAD_REQUEST',
        message: 'The request could not be read as HTTP.',
        requestId: res.headers['x-request-id'],
      });
    });

    it('answers a 404 over the wire with the same request id in header and body', async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/nothing`);
      const body = (await res.json()) as { requestId: string };
      expect(res.status).toBe(404);
      expect(body.requestId).toBe(res.headers.get('x-request-id'));
    });
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
