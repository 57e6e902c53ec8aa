import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  applyPageMeta,
  getBrand,
  metaPageAt,
  prerenderedPageAt,
  renderIndexHtml,
  type StoredPageMetas,
  type WebConfig,
} from '@fixpoint/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../lib/cookies';
import { sendApiNotFound } from './errors';
import { createVisitorPrerender, pageOf, ssrFolder, type WebPage } from './prerender';
import { contentSecurityPolicy, inlineScriptHashes } from './security-headers';
import { createSignedInPrerender } from './signed-in-prerender';

const immutable = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated on every load (by its ETag),
 * and every non-API GET that matches no file answered with index.html so the client router can take it (SPA
 * fallback). index.html is branded once at start-up (title, favicon, runtime config; docs/decisions/0015), so `/`,
 * `/index.html` and every client route get the same branded page. Assets are sent as the brotli or gzip copies the
 * build wrote beside them (docs/decisions/0037), whichever the browser accepts. A visitor's `/`, `/dashboard` and
 * `/marketplace` (no session cookie, no query) get that page prerendered in their language instead (docs/decisions/0053,
 * 0057); a signed-in person's dashboard and accounts page, and an admin's feed of a network, come rendered with their
 * data (0058). Every page goes out with the title and description an admin set for it (`pageMeta`; 0074).
 */
export async function registerWeb(
  app: FastifyInstance,
  distDir: string,
  config: WebConfig,
  {
    sessionCookieName,
    pageMeta = async () => ({}),
  }: { sessionCookieName: string; pageMeta?: () => Promise<StoredPageMetas> },
) {
  const brandName = getBrand(config.brand).name;
  /** The admins' page metadata; a failed read is logged and the page goes out with its built-in title. */
  const storedMetas = async (): Promise<StoredPageMetas> => {
    try {
      return await pageMeta();
    } catch (error) {
      app.log.error({ err: error }, 'reading the page metadata failed: pages keep their built-in titles');
      return {};
    }
  };
  // Each page with the admins' metadata applied, per stored set: one hash per page and set, not per request.
  const withMetaCache = new WeakMap<StoredPageMetas, Map<string, WebPage>>();
  const withMeta = async (page: WebPage, path: string): Promise<WebPage> => {
    const metas = await storedMetas();
    if (Object.keys(metas).length === 0) return page;
    let pages = withMetaCache.get(metas);
    if (!pages) {
      pages = new Map();
      withMetaCache.set(metas, pages);
    }
    const key = `${page.etag}/${metaPageAt(path) ?? ''}`;
    let applied = pages.get(key);
    if (!applied) {
      applied = pageOf(applyPageMeta(page.html, path, brandName, metas));
      pages.set(key, applied);
    }
    return applied;
  };
  const indexPath = join(distDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? renderIndexHtml(readFileSync(indexPath, 'utf8'), config) : undefined;
  const index = indexHtml === undefined ? undefined : pageOf(indexHtml);
  const prerender =
    indexHtml === undefined ? undefined : createVisitorPrerender({ distDir, indexHtml, config, log: app.log });
  const signedInRender =
    indexHtml === undefined ? undefined : createSignedInPrerender({ app, distDir, indexHtml, config });
  const csp = contentSecurityPolicy(config, inlineScriptHashes(indexHtml ?? ''));
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Routes for the files present at start-up only: every other path falls through to the SPA fallback.
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // The unbranded index.html on disk is never sent; its request falls through to the branded copy. Nor is the
      // server's SSR bundle.
      allowedPath: (pathname) => pathname !== '/index.html' && !pathname.startsWith(`/${ssrFolder}/`),
      setHeaders(res, filePath) {
        res.setHeader('Cache-Control', filePath.includes('/assets/') ? immutable : 'no-cache');
        // Caches keep the brotli, gzip and plain copies apart.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve it');
  }

  const isApi = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');
  /** A visitor's prerendered page where it is the one asked for, else index.html; the answer says what it varies by. */
  const pageFor = async (request: FastifyRequest, reply: FastifyReply, fallback: WebPage): Promise<WebPage> => {
    const [path = '', query] = request.url.split('?', 2);
    const name = prerenderedPageAt(path);
    if (!prerender || !name) return fallback;
    reply.header('Vary', prerender.hasLanguages ? 'Cookie, Accept-Language' : 'Cookie');
    // With a query (`?contact=sales`, `?lng=de`) the page may differ from the prerendered one: the browser renders it.
    if (query !== undefined || readCookie(request.headers.cookie ?? '', sessionCookieName)) return fallback;
    return (await prerender.page(name, prerender.languageFor(request.headers['accept-language']))) ?? fallback;
  };
  /**
   * A signed-in page rendered with the person's data (docs/decisions/0058), for a request with a session cookie and no
   * query; private to them, so no cache but theirs keeps it and it is never answered with a 304.
   */
  const sendSignedIn = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const [path = '', query] = request.url.split('?', 2);
    if (!signedInRender || query !== undefined || request.method !== 'GET') return false;
    if (!readCookie(request.headers.cookie ?? '', sessionCookieName)) return false;
    const rendered = await signedInRender(request, path);
    if (!rendered) return false;
    const html = applyPageMeta(rendered.html, path, brandName, await storedMetas());
    for (const cookie of rendered.setCookies) reply.header('Set-Cookie', cookie);
    await reply
      .header('Cache-Control', 'private, no-cache')
      .header('Vary', 'Cookie, Accept-Language')
      .header('Content-Security-Policy', csp)
      .type('text/html; charset=utf-8')
      .send(html);
    return true;
  };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApi(request.url)) return sendApiNotFound(request, reply);
    if (!index) return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    if (await sendSignedIn(request, reply)) return reply;
    const page = await withMeta(await pageFor(request, reply, index), request.url.split('?', 1)[0] ?? '');
    reply.header('Cache-Control', 'no-cache').header('ETag', page.etag).header('Content-Security-Policy', csp);
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    return reply.type('text/html; charset=utf-8').send(page.html);
  };

  // The SPA fallback is a route, not only the not-found handler, so that @fastify/compress compresses it.
  if (indexHtml) app.get('/*', { schema: { hide: true } }, sendIndex);

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi(request.url) || !isPage) return sendApiNotFound(request, reply);
    // `/index.html` lands here: the static plugin refuses the unbranded file on disk.
    if (indexHtml) return sendIndex(request, reply);
    return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
  });
}
