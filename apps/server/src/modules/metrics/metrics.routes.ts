import type { FastifyPluginAsync } from 'fastify';
import type { Registry } from 'prom-client';

/**
 * Prometheus text at GET /metrics (outside /api: scrapers expect it there). Unauthenticated, as usual for a
 * scrape target on a private network; it holds counts only (rovers, sources, bytes, logins), no names. Keep the
 * port off the public internet or put the path behind the reverse proxy's access rules (README).
 */
export const metricsRoutes: FastifyPluginAsync<{ registry: Registry }> = async (app, { registry }) => {
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
};
