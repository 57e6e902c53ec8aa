import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendApiNotFound } from './errors';

const immutable = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated on every load, and every
 * non-API GET that matches no file answered with index.html so the client router can take it (SPA fallback).
 */
export async function registerWeb(app: FastifyInstance, distDir: string) {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Routes for the files present at start-up only: every other path falls through to the SPA fallback.
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader('Cache-Control', filePath.includes('/assets/') ? immutable : 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve it');
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (request.url.startsWith('/api/') || request.url === '/api' || !isPage) {
      return sendApiNotFound(request, reply);
    }
    if (!hasBuild) {
      return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
