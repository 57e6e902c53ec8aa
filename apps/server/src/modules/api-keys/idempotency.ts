import { createHash } from 'node:crypto';
import { type Database, schema } from '@fixpoint/db';
import { AppError, apiKeyErrorCodes } from '@fixpoint/shared';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency row this request claimed; its answer is stored when it is sent. */
    idempotencyClaim: string | null;
  }
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const keyPattern = /^[\x21-\x7e]{1,255}$/;
/** How long a stored answer is replayed (Stripe keeps them 24 hours too). */
const keepMs = 24 * 60 * 60 * 1000;
const replayedHeaders = ['content-type', 'content-disposition', 'location'] as const;

/**
 * `Idempotency-Key` on every write (docs/decisions/0077). The first request with a key claims it (one row, unique
 * per owner and key) before the route runs; the answer it gets is stored when it is sent, whatever its status; a
 * retry with the same key and the same request answers that stored answer (header `Idempotent-Replayed: true`)
 * and runs nothing, so it never pays twice. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED; a
 * retry while the first still runs is 409 IDEMPOTENCY_IN_PROGRESS. Register before compression, so the answer
 * stored is the plain one.
 */
export function registerIdempotency(app: FastifyInstance, { db }: { db: Database }) {
  const t = schema.idempotencyKeys;
  let lastSweep = 0;
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined || !writeMethods.has(request.method) || !request.user) return;
    if (typeof key !== 'string' || !keyPattern.test(key)) {
      throw new AppError('BAD_REQUEST', 400, 'An Idempotency-Key is 1 to 255 visible ASCII characters.');
    }
    const owner = request.owner
      ? 'orgId' in request.owner
        ? `org:${request.owner.orgId}`
        : `user:${request.owner.userId}`
      : `user:${request.user.id}`;
    const requestHash = hashRequest(request);
    if (Date.now() - lastSweep > 3600_000) {
      lastSweep = Date.now();
      await db.delete(t).where(lt(t.createdAt, new Date(Date.now() - keepMs)));
    }
    const [claimed] = await db
      .insert(t)
      .values({ owner, key, requestHash })
      .onConflictDoNothing()
      .returning({ id: t.id });
    if (claimed) {
      request.idempotencyClaim = claimed.id;
      return;
    }
    const [first] = await db
      .select()
      .from(t)
      .where(and(eq(t.owner, owner), eq(t.key, key)));
    if (!first) throw new AppError('CONFLICT', 409, 'Send the request again.');
    if (first.requestHash !== requestHash) {
      throw new AppError(
        apiKeyErrorCodes.idempotencyKeyReused,
        422,
        'This Idempotency-Key was used for another request. Use a new key for a new request.',
      );
    }
    if (first.responseStatus === null) {
      reply.header('retry-after', '1');
      throw new AppError(
        apiKeyErrorCodes.idempotencyInProgress,
        409,
        'The first request with this Idempotency-Key is still running. Try again in a moment.',
      );
    }
    return replay(reply, first);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotencyClaim;
    if (!id) return payload;
    request.idempotencyClaim = null;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload) && payload !== null && payload !== undefined) {
      // A streamed answer cannot be kept: release the key, so a retry runs again.
      await db.delete(t).where(eq(t.id, id));
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const name of replayedHeaders) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    await db
      .update(t)
      .set({
        responseStatus: reply.statusCode,
        responseType: JSON.stringify(headers),
        responseBody: payload === null || payload === undefined ? '' : payload.toString(),
      })
      .where(eq(t.id, id));
    return payload;
  });

  // A request that ends without an answer being sent (the client went away) releases its key.
  app.addHook('onResponse', async (request) => {
    if (request.idempotencyClaim) await db.delete(t).where(eq(t.id, request.idempotencyClaim));
  });
}

function hashRequest(request: FastifyRequest) {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

function replay(reply: FastifyReply, first: typeof schema.idempotencyKeys.$inferSelect) {
  const headers = JSON.parse(first.responseType ?? '{}') as Record<string, string>;
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  reply.header('idempotent-replayed', 'true');
  // The stored text is the answer as first serialised: send it as it is.
  reply.serializer((body: unknown) => body as string);
  return reply.status(first.responseStatus as number).send(first.responseBody || null);
}
