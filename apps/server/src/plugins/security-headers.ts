import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import { getBrand, type WebConfig } from '@fixpoint/shared';
import type { FastifyInstance } from 'fastify';

const originOf = (url: string | null | undefined) => {
  if (!url || !/^https:\/\//.test(url)) return null;
  return new URL(url).origin;
};

/**
 * The hashes (`'sha256-…'`) of the scripts written into a page: index.html's own, which holds early clicks until the
 * app takes the page over (docs/decisions/0059). Data blocks (`type="application/json"`) run nothing and need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(attributes)) continue;
    const type = /\btype="([^"]*)"/.exec(attributes)?.[1];
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The portal page's Content-Security-Policy (issue 16): scripts from this origin only, plus the configured analytics
 * script, the brand's tag manager and Stripe.js (the card form), and the page's own inline scripts by their hashes;
 * Stripe's frames; MapLibre's blob workers; map styles, tiles and images over https; inline styles (Mantine and
 * MapLibre set them); nothing may frame the portal.
 */
export function contentSecurityPolicy(config: WebConfig, scriptHashes: string[] = []): string {
  const tagManager = getBrand(config.brand).tagManagerId
    ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com']
    : [];
  const analytics = originOf(config.analyticsScriptUrl);
  const stripe = 'https://js.stripe.com';
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, stripe, ...(analytics ? [analytics] : []), ...tagManager],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:', 'https:'],
    'connect-src': ["'self'", 'https:'],
    'worker-src': ["'self'", 'blob:'],
    'child-src': ["'self'", 'blob:'],
    'frame-src': [stripe, 'https://hooks.stripe.com'],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The hashes of the `<style>` blocks written into a page, for a policy that allows those and no other inline style. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, body = '']) => sha256(body));
}

const policyText = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');

/**
 * The API docs' Content-Security-Policy (issue 28): Swagger UI's scripts come from this server and nothing inline
 * may run; its requests ("Try it out", the OpenAPI JSON) go to this server, its logo is a data: image. Styles may
 * also be inline: Swagger UI writes style elements and attributes as it draws (styles run nothing). Nothing may
 * frame it.
 */
export const apiDocsContentSecurityPolicy = policyText({
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'form-action': ["'self'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
});

/**
 * The policy of a page the server writes whole, without scripts (the local test provider's checkout): its own
 * `<style>` blocks by their hashes, data: images, forms posted to this server only; nothing else loads or runs.
 */
export function standalonePageContentSecurityPolicy(html: string): string {
  return policyText({
    'default-src': ["'none'"],
    'style-src': inlineStyleHashes(html),
    'img-src': ['data:'],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * Security headers on every answer (helmet): nosniff, no framing, a referrer policy that sends only the origin
 * elsewhere; HSTS when the portal is served over https. The CSP goes on the portal page itself (plugins/web.ts): the
 * API's JSON needs none, and the sign-in popup's hand-over page must keep its own script.
 */
export async function registerSecurityHeaders(app: FastifyInstance, { isHttps }: { isHttps: boolean }) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    hsts: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // No COOP: the Google sign-in popup comes back from another origin and must still reach its opener.
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (isHttps || request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}
