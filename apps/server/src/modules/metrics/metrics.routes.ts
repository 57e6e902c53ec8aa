import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Registry } from 'prom-client';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Prometheus text at GET /metrics (outside /api: scrapers expect it there). It holds counts only (rovers, sources,
 * bytes, logins), no names. With `METRICS_TOKEN` set, a scraper must send `Authorization: Bearer <token>` (401
 * otherwise); without it the path is open, for a port kept off the public internet (README).
 */
export const metricsRoutes: FastifyPluginAsync<{ registry: Registry; token?: string }> = async (
  app,
  { registry, token },
) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameSecret(given, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ code: 'UNAUTHORIZED', message: 'Send the metrics token as a bearer token.', requestId: request.id });
      }
    }
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
};
