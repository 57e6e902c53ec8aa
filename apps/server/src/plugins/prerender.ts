import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  getBrand,
  type Language,
  languages,
  type PrerenderData,
  type PrerenderedPage,
  type PrerenderOutput,
  type PrerenderPage,
  type PrerenderSignedIn,
  pickLanguage,
  prerenderElementId,
  prerenderedPages,
  type SignedInPage,
  type TranslationTree,
  type WebConfig,
} from '@fixpoint/shared';
import type { FastifyBaseLogger } from 'fastify';

/** A page as the server sends it: its bytes and their strong ETag. */
export interface WebPage {
  html: string;
  etag: string;
}

export const pageOf = (html: string): WebPage => ({
  html,
  etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`,
});

/** Where the web build puts its SSR bundle (apps/web/vite.config.ts); the static files never include the folder. */
export const ssrFolder = 'ssr';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The web build's SSR bundle, or undefined when the build has none (a test's dist, an older build). */
export function importBundle(distDir: string) {
  const bundlePath = join(distDir, ssrFolder, 'prerender.mjs');
  if (!existsSync(bundlePath)) return undefined;
  return import(pathToFileURL(bundlePath).href) as Promise<{
    prerenderPage: PrerenderPage;
    prerenderSignedIn?: PrerenderSignedIn;
  }>;
}

/** The script that loads the page's scripts once it has painted (apps/web/public/hydrate.js). */
export const hydrateScript = '/hydrate.js';

/**
 * index.html's scripts, entry first, taken out of it: the prerendered page loads them after its first paint
 * (hydrate.js), not beside its stylesheet. Unchanged (and no scripts) when the page is not as Vite writes it.
 */
function deferScripts(html: string): { html: string; scripts: string[] } {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry?.[1]) return { html, scripts: [] };
  const scripts = [entry[1]];
  const out = html
    .replace(entry[0], () => `\n    <script type="module" src="${hydrateScript}"></script>`)
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
      scripts.push(href);
      return '';
    });
  return { html: out, scripts };
}

/**
 * The branded index.html with a prerendered page in `#root` and, beside it, the JSON the browser hydrates with
 * (which page, its language, texts and scripts; like the runtime config, data rather than script, so the
 * Content-Security-Policy stays as it is). Its language on `<html>`, Mantine's light colour scheme there too (set by
 * script otherwise, and the page must look right before any runs), the page's title. No preload of the English
 * texts: the page carries what it shows, and the files load once the scripts run. The scripts load after the first
 * paint: the page does not need them to show, only to work, and fetched beside the stylesheet they would delay it.
 */
export function composePrerenderedPage(
  indexHtml: string,
  page: PrerenderedPage | SignedInPage,
  language: Language,
  output: PrerenderOutput,
  { signedIn, partFiles = [] }: { signedIn?: PrerenderData['signedIn']; partFiles?: string[] } = {},
): string {
  const { html, scripts } = deferScripts(indexHtml);
  const data: PrerenderData = {
    page,
    language,
    texts: output.texts,
    // The page's lazy parts' chunks too, so that they load beside the entry (docs/decisions/0059).
    scripts: scripts.length > 0 ? [...new Set([...scripts, ...partFiles])] : scripts,
    parts: output.parts,
    ...(signedIn && { signedIn }),
  };
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const dataElement = `<script type="application/json" id="${prerenderElementId}">${json}</script>`;
  return html
    .replace(/<html lang="[^"]*"/, () => `<html lang="${language}" data-mantine-color-scheme="light"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(output.title)}</title>`)
    .replace(/\s*<link rel="preload" href="\/locales\/[^"]*"[^>]*>/g, '')
    .replace('<div id="root"></div>', () => `<div id="root">${output.html}</div>\n    ${dataElement}`);
}

/**
 * The chunks of a page's lazy parts, from the build's `parts.json` (each part's chunk and the chunks it imports;
 * docs/decisions/0059); none for a build without that file.
 */
export function readPartFiles(distDir: string): (parts?: readonly string[]) => string[] {
  const path = join(distDir, 'parts.json');
  const files: Record<string, string[]> = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
  return (parts = []) => [...new Set(parts.flatMap((part) => files[part] ?? []))];
}

/** The build's translation files, each read once. */
export function createTranslations(distDir: string) {
  const read = new Map<Language, TranslationTree>();
  return (language: Language): TranslationTree => {
    let tree = read.get(language);
    if (!tree) {
      tree = JSON.parse(
        readFileSync(join(distDir, 'locales', language, 'translation.json'), 'utf8'),
      ) as TranslationTree;
      read.set(language, tree);
    }
    return tree;
  };
}

/** The language a page is rendered in: the brand's static one, else the request's among ours, else English. */
export function createLanguagePicker(config: WebConfig) {
  const brand = getBrand(config.brand);
  const offered: readonly Language[] = brand.staticLanguage ? [brand.staticLanguage] : languages;
  return {
    offered,
    /** Whether a page differs by Accept-Language (a brand with one language has one page). */
    hasLanguages: offered.length > 1,
    languageFor: (acceptLanguage: string | undefined): Language =>
      brand.staticLanguage ?? pickLanguage(acceptLanguage) ?? 'en',
  };
}

/**
 * The visitor's pages (the dashboard, the marketplace) prerendered by the web build's SSR bundle (docs/decisions/0053,
 * 0057), per language the brand offers, rendered at start-up and kept; again when the year changes (the footer shows
 * it). Undefined when the build has no bundle (a test's dist, an older build): then every page is index.html. A
 * render that fails is logged and leaves that page in that language to index.html.
 */
export function createVisitorPrerender({
  distDir,
  indexHtml,
  config,
  log,
}: {
  distDir: string;
  indexHtml: string;
  config: WebConfig;
  log: FastifyBaseLogger;
}) {
  const bundle = importBundle(distDir);
  if (!bundle) return undefined;
  const { offered, hasLanguages, languageFor } = createLanguagePicker(config);
  const translations = createTranslations(distDir);
  const partFiles = readPartFiles(distDir);
  let year = new Date().getUTCFullYear();
  const rendered = new Map<string, Promise<WebPage | undefined>>();

  const render = async (name: PrerenderedPage, language: Language): Promise<WebPage | undefined> => {
    try {
      const { prerenderPage } = await bundle;
      const translation = translations(language);
      const started = performance.now();
      const output = await prerenderPage({ page: name, brand: config.brand, language, translation });
      log.info({ page: name, language, ms: Math.round(performance.now() - started) }, 'prerendered a visitor page');
      return pageOf(composePrerenderedPage(indexHtml, name, language, output, { partFiles: partFiles(output.parts) }));
    } catch (error) {
      log.error({ err: error, page: name, language }, 'prerendering a visitor page failed: visitors get index.html');
      return undefined;
    }
  };

  const page = (name: PrerenderedPage, language: Language) => {
    const now = new Date().getUTCFullYear();
    if (now !== year) {
      year = now;
      rendered.clear();
    }
    const key = `${name}/${language}`;
    let answer = rendered.get(key);
    if (!answer) {
      answer = render(name, language);
      rendered.set(key, answer);
    }
    return answer;
  };
  for (const name of Object.keys(prerenderedPages) as PrerenderedPage[]) {
    for (const language of offered) void page(name, language);
  }

  return { hasLanguages, languageFor, page };
}

export type VisitorPrerender = NonNullable<ReturnType<typeof createVisitorPrerender>>;
