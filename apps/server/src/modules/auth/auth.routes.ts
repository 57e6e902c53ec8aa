import {
  AppError,
  authConfigSchema,
  checkPassword,
  emailMaxLength,
  emailPattern,
  errorResponseSchema,
  hasControlCharacters,
  type PasswordPolicy,
  usernameMaxLength,
  usernameMinLength,
} from '@fixpoint/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toFetchHeaders } from '../../lib/fetch-headers';
import { type BrokenRule, ruleWords } from '../../lib/validation-words';
import { requireVerifiedEmail } from '../../plugins/auth';
import { errorCodeForStatus, internalErrorMessage } from '../../plugins/errors';
import type { Auth } from './auth';
import { documentedAuthRoutes } from './auth-docs';
import type { LoginGuard } from './login-guard';
import { limitEmail, limitKey, type RateLimiter, refuseTooMany } from './rate-limit';

type Body = Record<string, unknown> | undefined;

const signInPath = '/api/auth/sign-in/email';
/**
 * Reset and verification-mail requests are limited per IP and per e-mail address (they send mail); sign-ins by
 * their failures.
 */
const limitedPaths = new Set(['/api/auth/request-password-reset', '/api/auth/send-verification-email']);
/** Paths that set a password, and the body field that carries it. */
const passwordFields: Record<string, string> = {
  '/api/auth/sign-up/email': 'password',
  '/api/auth/reset-password': 'newPassword',
  '/api/auth/change-password': 'newPassword',
};

export const authRoutes: FastifyPluginAsyncZod<{
  auth: Auth;
  rateLimiter: RateLimiter;
  loginGuard: LoginGuard;
  passwordPolicy: PasswordPolicy;
  hasGoogle: boolean;
}> = async (app, { auth, rateLimiter, loginGuard, passwordPolicy, hasGoogle }) => {
  app.get(
    '/auth-config',
    {
      schema: { tags: ['auth'], summary: 'Password policy and sign-in providers', response: { 200: authConfigSchema } },
    },
    () => ({ passwordPolicy, providers: { google: hasGoogle } }),
  );

  // better-auth's own routes (sign-up, sign-in, sign-out, session, password reset, user settings) run as a fetch
  // handler; we check our rules first and copy its answer, cookies included.
  async function handler(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0] ?? '';
    const body = request.body as Body;
    if (request.method === 'POST') {
      refuseOversizedEmails(body);
      await enforceRateLimit(request, reply, path, body);
      enforceInputRules(path, body, passwordPolicy);
      if (path === '/api/auth/change-email') await requireVerifiedCaller(auth, request);
    }
    if (path !== signInPath || request.method !== 'POST') return forward(auth, request, reply);

    // Sign-in: only failures count, per address and account pair with a back-off (decision 0040).
    const email = typeof body?.email === 'string' ? limitEmail(body.email) : '';
    // A browser that has signed in to this account before (its device cookie) is not held by a lock other people's
    // failures put on a shared address; it has its own (decision 0062).
    const device = loginGuard.deviceOf(request.headers.cookie, email);
    const verdict = await loginGuard.check(request.ip, email, { device });
    if (!verdict.allowed) refuseTooMany(reply, verdict.retryAfterSeconds);
    return forward(auth, request, reply, async (status) => {
      if (status === 401) await loginGuard.failed(request.ip, email, { device });
      else if (status < 300) {
        await loginGuard.succeeded(request.ip, email, { device });
        const cookie = loginGuard.deviceCookie(email, { secure: request.protocol === 'https' });
        if (cookie) reply.header('set-cookie', cookie);
      }
    });
  }

  // The endpoints a client needs, in the OpenAPI document with their bodies (auth-docs.ts); the rest stay hidden.
  for (const route of documentedAuthRoutes) {
    app.route({
      method: route.method,
      url: route.url,
      // A signed-in route answers 401 without a session before its body is looked at, like every other route;
      // better-auth itself checks the session it is given.
      ...(route.isSignedIn && { onRequest: requireSessionCredentials }),
      schema: {
        tags: ['auth'],
        summary: route.summary,
        ...(route.description && { description: route.description }),
        ...(route.body && { body: route.body }),
        ...(route.isSignedIn && { security: [{ bearerAuth: [] }] }),
        response: {
          200: route.response,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
      handler,
    });
  }
  // better-auth's own admin endpoints (set-role, ban-user, remove-user, set-user-password, impersonate-user, …) are
  // closed: every admin action goes through /api/admin/*, which writes its audit-log entry in the transaction of the
  // change (decision 0064). A side door past the log would make the log worthless to an auditor.
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/admin/*',
    schema: { hide: true },
    handler: async () => {
      throw AppError.notFound();
    },
  });
  app.route({ method: ['GET', 'POST'], url: '/auth/*', schema: { hide: true }, handler });

  async function enforceRateLimit(request: FastifyRequest, reply: FastifyReply, path: string, body: Body) {
    if (!limitedPaths.has(path)) return;
    const email = typeof body?.email === 'string' ? limitEmail(body.email) : '';
    const results = await Promise.all([
      rateLimiter.hit(limitKey(`ip:${path}`, request.ip)),
      ...(email ? [rateLimiter.hit(limitKey(`email:${path}`, email))] : []),
    ]);
    const blocked = results.find((result) => !result.allowed);
    if (blocked) refuseTooMany(reply, blocked.retryAfterSeconds);
  }
};

/** The body fields of better-auth's routes that carry an e-mail address (sign-up, sign-in, reset, change, admin). */
const emailFields = ['email', 'newEmail'];

/**
 * An e-mail address longer than any mail server accepts is refused before anything looks it up, counts it or logs
 * it: 3,000 characters once broke the limiter's index (a 500) and wrote megabytes of log per request (issue 28).
 */
function refuseOversizedEmails(body: Body) {
  for (const field of emailFields) {
    const value = body?.[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw invalidField(field, { rule: 'type', params: { expected: 'string' } });
    if (value.length > emailMaxLength) {
      throw invalidField(field, { rule: 'maxLength', params: { count: emailMaxLength } });
    }
  }
}

/** 400 VALIDATION_FAILED naming the body field and its broken rule, as the schema validation answers. */
function invalidField(field: string, broken: BrokenRule) {
  const words = ruleWords(broken);
  return new AppError('VALIDATION_FAILED', 400, `Invalid body.${field}: ${words}.`, {
    details: [{ path: `body.${field}`, message: words, ...broken }],
  });
}

function enforceInputRules(path: string, body: Body, policy: PasswordPolicy) {
  if (path === '/api/auth/sign-up/email') {
    const email = typeof body?.email === 'string' ? body.email.trim() : '';
    const name = typeof body?.name === 'string' ? body.name.trim() : '';
    if (!emailPattern.test(email)) throw new AppError('INVALID_EMAIL', 400, 'Please enter a valid e-mail address.');
    if (name.length < usernameMinLength) {
      throw new AppError('SHORT_USERNAME', 400, `The username must be at least ${usernameMinLength} characters long.`);
    }
    if (name.length > usernameMaxLength) {
      throw new AppError('VALIDATION_FAILED', 400, `The username can be at most ${usernameMaxLength} characters long.`);
    }
    // The name as sent, not trimmed: trimming takes a BOM or a line separator off the ends, better-auth would not.
    if (hasControlCharacters(String(body?.name))) throw invalidField('name', { rule: 'controlCharacters' });
    if (body?.termsAccepted !== true) throw new AppError('TERMS_NOT_ACCEPTED', 400, 'Please accept the terms.');
  }
  if (path === '/api/auth/update-user' && body?.name !== undefined) {
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (name.length < usernameMinLength || name.length > usernameMaxLength) {
      throw new AppError(
        'VALIDATION_FAILED',
        400,
        `The username must be ${usernameMinLength} to ${usernameMaxLength} characters long.`,
      );
    }
    if (hasControlCharacters(String(body.name))) throw invalidField('name', { rule: 'controlCharacters' });
  }
  const field = passwordFields[path];
  if (field) {
    const password = typeof body?.[field] === 'string' ? (body[field] as string) : '';
    const broken = checkPassword(policy, password).map((rule) => ({
      rule,
      ...((rule === 'minLength' || rule === 'maxLength') && {
        params: { count: rule === 'minLength' ? policy.minLength : policy.maxLength },
      }),
    }));
    if (broken.length > 0) {
      // In words ("must be at least 8 characters long"), never the rule's key; `details` name the rules for the web.
      const words = broken.map(ruleWords);
      const listed = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
      throw new AppError('PASSWORD_POLICY', 400, `The password ${listed}.`, {
        details: broken.map((rule, index) => ({ path: `body.${field}`, message: words[index] ?? '', ...rule })),
      });
    }
  }
}

/** A new address is mailed a link only by someone who has proven the current one (docs/decisions/0061). */
async function requireVerifiedCaller(auth: Auth, request: FastifyRequest) {
  const session = await auth.api.getSession({ headers: toFetchHeaders(request.headers) });
  if (session) requireVerifiedEmail(session.user);
}

async function requireSessionCredentials(request: FastifyRequest) {
  const hasBearer = request.headers.authorization?.startsWith('Bearer ') ?? false;
  if (!hasBearer && !request.headers.cookie) throw AppError.unauthorized();
}

/**
 * Hands the request to better-auth and copies its answer. `beforeAnswer` runs with the answer's status before it is
 * sent, so what it records (a failed sign-in) is in place before the client can try again.
 */
async function forward(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  beforeAnswer?: (status: number) => Promise<void>,
) {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = toFetchHeaders(request.headers);
  if (request.method === 'POST') headers.set('content-type', 'application/json');
  const body = request.method === 'POST' ? JSON.stringify(sanitise(request.body as Body)) : undefined;
  const response = await auth.handler(new Request(url, { method: request.method, headers, body }));

  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  // After better-auth's headers, so a cookie it adds (the device cookie) comes after the session's.
  await beforeAnswer?.(response.status);
  const payload = Buffer.from(await response.arrayBuffer());
  if (response.status >= 400) {
    return reply.type('application/json; charset=utf-8').send(errorShape(payload, response.status, request.id));
  }
  return reply.send(payload.length > 0 ? payload : null);
}

/**
 * better-auth's refusals in the API's one error shape (decision 0004): `{ code, message, requestId }`, keeping its code
 * and message (`INVALID_EMAIL_OR_PASSWORD`, ...).
 */
function errorShape(payload: Buffer, status: number, requestId: string) {
  let parsed: { code?: unknown; message?: unknown } = {};
  try {
    parsed = JSON.parse(payload.toString('utf8')) as typeof parsed;
  } catch {
    // Not JSON: the status says enough.
  }
  // Like every 5xx, better-auth's own failures keep their details in the log.
  if (status >= 500) return { code: 'INTERNAL', message: internalErrorMessage, requestId };
  const code = typeof parsed.code === 'string' && parsed.code !== '' ? parsed.code : errorCodeForStatus(status);
  const message =
    typeof parsed.message === 'string' && parsed.message !== ''
      ? parsed.message
      : status === 404
        ? 'Not found.'
        : 'The request was refused.';
  return { code, message, requestId };
}

/** Fields of ours that better-auth must not see (it would reject or store them). */
function sanitise(body: Body) {
  if (!body) return {};
  const { termsAccepted: _terms, ...rest } = body;
  return rest;
}
