import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { renderIndexHtml, type WebConfig } from '@fixpoint/shared';
import type { FastifyInstance } from 'fastify';
import { sendApiNotFound } from './errors';

const immutable = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated on every load, and every
 * non-API GET that matches no file answered with index.html so the client router can take it (SPA fallback).
 * index.html is branded once at start-up (title, favicon, runtime config; docs/decisions/0015), so `/`,
 * `/index.html` and every client route get the same branded page.
 */
export async function registerWeb(app: FastifyInstance, distDir: string, config: WebConfig) {
  const indexPath = join(distDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? renderIndexHtml(readFileSync(indexPath, 'utf8'), config) : undefined;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Routes for the files present at start-up only: every other path falls through to the SPA fallback.
      wildcard: false,
      index: false,
      cacheControl: false,
      // The unbranded index.html on disk is never sent; its request falls through to the branded copy.
      allowedPath: (pathname) => pathname !== '/index.html',
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
    if (!indexHtml) {
      return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
}
