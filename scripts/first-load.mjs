// What a visitor's browser downloads before the first page can render: the entry script, the scripts index.html
// preloads and its stylesheet, at the size sent with `Accept-Encoding: br` (the brotli copies the build writes beside
// each asset, docs/decisions/0037). Used by the budget test (e2e/first-load-budget.test.ts) and, run directly, prints
// the table for docs/performance.md or, with --write-budget, records the current sizes as the budget's baseline.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const defaultDist = join(repoRoot, 'apps/web/dist');
export const budgetPath = join(repoRoot, 'apps/web/first-load-budget.json');

/** `assets/index-DX-bwRnS.js` is the chunk `index`: the name without the content hash, stable between builds. */
export const chunkName = (file) =>
  file
    .replace(/^.*\//, '')
    .replace(/-[A-Za-z0-9_-]{8}(?=\.(js|css)$)/, '')
    .replace(/\.(js|css)$/, (ext) => (ext === '.css' ? '.css' : ''));

/** The first load's files, each with its sizes in bytes (plain, gzip, brotli as sent). */
export function measureFirstLoad(distDir = defaultDist) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const files = [
    ...new Set(
      [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]),
    ),
  ];
  return files.map((file) => {
    const path = join(distDir, file);
    const raw = statSync(path).size;
    const brotliPath = `${path}.br`;
    return {
      file,
      name: chunkName(file),
      kind: file.endsWith('.css') ? 'css' : 'js',
      raw,
      gzip: gzipSync(readFileSync(path), { level: 9 }).length,
      // Below the compression threshold the plain file is what is sent.
      brotli: existsSync(brotliPath) ? statSync(brotliPath).size : raw,
    };
  });
}

export const totals = (chunks) => ({
  js: chunks.filter((c) => c.kind === 'js').reduce((sum, c) => sum + c.brotli, 0),
  css: chunks.filter((c) => c.kind === 'css').reduce((sum, c) => sum + c.brotli, 0),
});

/**
 * The budget's verdict: over-budget totals, and to say why, each chunk that grew past its recorded size by more than
 * the tolerance or is new on the first load.
 */
export function checkBudget(chunks, budget) {
  const sum = totals(chunks);
  const problems = [];
  const culprits = chunks
    .map((chunk) => ({ ...chunk, recorded: budget.chunks[chunk.name] }))
    .filter((chunk) => chunk.recorded === undefined || chunk.brotli > chunk.recorded * (1 + budget.tolerance))
    .map((chunk) =>
      chunk.recorded === undefined
        ? `${chunk.name} (${chunk.file}) is new on the first load: ${chunk.brotli} bytes`
        : `${chunk.name} (${chunk.file}) grew from ${chunk.recorded} to ${chunk.brotli} bytes`,
    );
  for (const kind of ['js', 'css']) {
    if (sum[kind] > budget[kind]) {
      problems.push(
        `first-load ${kind.toUpperCase()} is ${sum[kind]} bytes (brotli), over its budget of ${budget[kind]}`,
      );
    }
  }
  return problems.length === 0 ? [] : [...problems, ...culprits];
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const chunks = measureFirstLoad(process.argv.find((arg) => arg.startsWith('--dist='))?.slice(7));
  if (process.argv.includes('--write-budget')) {
    const budget = JSON.parse(readFileSync(budgetPath, 'utf8'));
    budget.chunks = Object.fromEntries(chunks.map((chunk) => [chunk.name, chunk.brotli]));
    writeFileSync(budgetPath, `${JSON.stringify(budget, null, 2)}\n`);
  }
  const sum = totals(chunks);
  console.log('| chunk | plain | gzip | brotli (sent) |\n|---|---|---|---|');
  for (const c of [...chunks].sort((a, b) => b.brotli - a.brotli)) {
    console.log(`| ${c.name} | ${kb(c.raw)} | ${kb(c.gzip)} | ${kb(c.brotli)} |`);
  }
  console.log(`\nJavaScript: ${chunks.filter((c) => c.kind === 'js').length} files, ${kb(sum.js)} brotli`);
  console.log(`CSS: ${kb(sum.css)} brotli`);
}
