import react from '@vitejs/plugin-react';
import type { Plugin, Rollup } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
// By path, not by package name: Vite bundles a relative import into the config, while a workspace package would be
// loaded by Node, which cannot read its TypeScript source.
import { renderIndexHtml, webConfigSchema } from '../../packages/shared/src/brands.ts';
import { ciRetry } from '../../vitest.ci.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

/**
 * In `npm run dev` Vite serves index.html, not the API server: brand it the same way (BRAND and
 * ANALYTICS_SCRIPT_URL from the environment), so a reseller brand can be developed with hot reload.
 */
const brandIndexHtml = (): Plugin => ({
  name: 'fixpoint-brand-index-html',
  apply: 'serve',
  transformIndexHtml: (html) =>
    renderIndexHtml(
      html,
      webConfigSchema.parse({
        brand: process.env.BRAND || 'fixpoint',
        analyticsScriptUrl: process.env.ANALYTICS_SCRIPT_URL || null,
      }),
    ),
});

/**
 * `parts.json`: for each lazy part (a `lazyNamed` component, by the name its chunk exports), its chunk and every chunk
 * that one imports. The server lists a server-rendered page's parts among the scripts its page preloads at once, in
 * one go, beside the entry (docs/decisions/0059), so their chunks neither wait for the entry to run nor get a preload
 * link each from Vite's preload helper on the way.
 */
const partScripts = (): Plugin => ({
  name: 'fixpoint-part-scripts',
  apply: 'build',
  generateBundle(_options, bundle) {
    const chunks = new Map<string, Rollup.OutputChunk>();
    for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
    const withImports = (fileName: string, files = new Set<string>()): Set<string> => {
      if (files.has(fileName)) return files;
      files.add(fileName);
      for (const imported of chunks.get(fileName)?.imports ?? []) withImports(imported, files);
      return files;
    };
    const parts: Record<string, string[]> = {};
    for (const chunk of chunks.values()) {
      if (!chunk.isDynamicEntry) continue;
      const files = [...withImports(chunk.fileName)].map((fileName) => `/${fileName}`);
      for (const name of chunk.exports) parts[name] = files;
    }
    this.emitFile({ type: 'asset', fileName: 'parts.json', source: JSON.stringify(parts) });
  },
});

/**
 * A zod schema nobody uses (brands.ts's, beside the brand data the first page needs; the contracts beside the one
 * constant the coverage worker reads) is dropped: building one has no side effect (docs/decisions/0048). Zod's
 * schemas also try `Function('')` to see whether they may compile parsers, which our CSP refuses.
 */
const treeshake = { manualPureFunctions: ['z'] };

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    brandIndexHtml(),
    // Brotli and gzip copies beside each asset, served by @fastify/static's preCompressed (docs/decisions/0037).
    // Not index.html: the server brands it at start-up and compresses it per response. Not the SSR bundle either.
    ...(isSsrBuild
      ? []
      : [
          partScripts(),
          compression({
            algorithms: ['brotliCompress', 'gzip'],
            include: /\.(js|mjs|css|svg|json|txt|wasm)$/,
            exclude: /\.map$/,
            threshold: 1024,
          }),
        ]),
  ],
  worker: { rolldownOptions: { treeshake } },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  // The server's prerender of the visitor's dashboard (`vite build --ssr src/prerender.tsx`, docs/decisions/0053):
  // one self-contained bundle in dist/ssr, so a copied dist folder (WEB_DIST_DIR) carries the prerender of its own
  // build; .mjs, so Node reads it as a module wherever it lies. The server refuses to send the folder.
  ssr: { noExternal: true },
  ...(isSsrBuild && { define: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  build: isSsrBuild
    ? {
        outDir: 'dist/ssr',
        copyPublicDir: false,
        sourcemap: true,
        rolldownOptions: {
          output: { entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
          treeshake,
        },
      }
    : {
        outDir: 'dist',
        sourcemap: true,
        // maplibre-gl is one 1.1 MB chunk (300 KB gzip), loaded only with the map pages (docs/decisions/0029).
        chunkSizeWarningLimit: 1200,
        rolldownOptions: { treeshake },
      },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    // Component tests type into whole pages and wait up to 10 s for a page chunk; with two test files at a time on
    // a busy two-core machine 15 s was too tight (decision 0085).
    testTimeout: 30_000,
    retry: ciRetry,
  },
}));
