import { signedInPageAt, type WebConfig } from '@fixpoint/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  composePrerenderedPage,
  createLanguagePicker,
  createTranslations,
  importBundle,
  readPartFiles,
} from './prerender';

/** A signed-in page rendered for one request: the HTML, and the cookies the API set while it was read. */
export interface SignedInRender {
  html: string;
  setCookies: string[];
}

/**
 * The signed-in pages (`signedInPages` in @fixpoint/shared: the dashboard, the accounts list, an admin's feed of a
 * network) rendered per request with the person's data, so the browser shows them before any script has run
 * (docs/decisions/0058). The SSR bundle reads the API through `load`, which asks this server itself (`app.inject`)
 * with the request's cookie: the same routes, checks and answers as the browser's own reads, no way around them.
 * Undefined when the build has no SSR bundle. A render returns undefined (the browser renders the page, as before)
 * when the cookie signs no one in or when anything fails, which is logged.
 */
export function createSignedInPrerender({
  app,
  distDir,
  indexHtml,
  config,
}: {
  app: FastifyInstance;
  distDir: string;
  indexHtml: string;
  config: WebConfig;
}) {
  const bundle = importBundle(distDir);
  if (!bundle) return undefined;
  const { languageFor } = createLanguagePicker(config);
  const translations = createTranslations(distDir);
  const partFiles = readPartFiles(distDir);
  // The server's: the SSR bundle runs in this process, so its dates are written in this zone.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return async function render(request: FastifyRequest, path: string): Promise<SignedInRender | undefined> {
    const page = signedInPageAt(path);
    if (!page) return undefined;
    const setCookies: string[] = [];
    const headers = {
      cookie: request.headers.cookie ?? '',
      accept: 'application/json',
      ...(request.headers['accept-language'] && { 'accept-language': request.headers['accept-language'] }),
      ...(request.headers['user-agent'] && { 'user-agent': request.headers['user-agent'] }),
    };
    const load = async (url: string) => {
      const answer = await app.inject({ method: 'GET', url, headers });
      // A session refreshed on the way (better-auth extends it once a day) reaches the browser with the page.
      const cookies = answer.headers['set-cookie'];
      if (cookies) setCookies.push(...(Array.isArray(cookies) ? cookies : [cookies]));
      return new Response(answer.body === '' ? null : answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };
    const language = languageFor(request.headers['accept-language']);
    try {
      const { prerenderSignedIn } = await bundle;
      if (!prerenderSignedIn) return undefined;
      const started = performance.now();
      const output = await prerenderSignedIn({
        path,
        brand: config.brand,
        language,
        translation: translations(language),
        load,
      });
      if (!output) return undefined;
      request.log.debug({ page, ms: Math.round(performance.now() - started) }, 'rendered a signed-in page');
      const html = composePrerenderedPage(indexHtml, page, language, output, {
        signedIn: { path: output.path, timeZone, queries: output.queries },
        partFiles: partFiles(output.parts),
      });
      return { html, setCookies };
    } catch (error) {
      request.log.error({ err: error, page }, 'rendering a signed-in page failed: the browser renders it');
      return undefined;
    }
  };
}
