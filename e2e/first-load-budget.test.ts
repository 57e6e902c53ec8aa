import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, shared with `npm run budget:first-load`.
import { budgetPath, checkBudget, measureFirstLoad } from '../scripts/first-load.mjs';

type Chunk = { name: string; file: string; kind: 'js' | 'css'; brotli: number };
type Budget = { js: number; css: number; tolerance: number; chunks: Record<string, number> };

// Issue 18: the visitor's first page stays within its budget; a failure names the chunk that grew.
describe('the first load of the built app', () => {
  const budget: Budget = JSON.parse(readFileSync(budgetPath, 'utf8'));

  it('fits its JavaScript and CSS budget (brotli, as sent)', () => {
    const chunks: Chunk[] = measureFirstLoad(process.env.WEB_DIST_DIR);
    expect(chunks.some((chunk) => chunk.name === 'index')).toBe(true);
    expect(checkBudget(chunks, budget)).toEqual([]);
  });

  it('names the chunk that grew and a chunk new on the first load', () => {
    const chunks: Chunk[] = [
      { name: 'index', file: '/assets/index-AAAAAAAA.js', kind: 'js', brotli: 900 },
      { name: 'maplibre-gl', file: '/assets/maplibre-gl-BBBBBBBB.js', kind: 'js', brotli: 300 },
      { name: 'index.css', file: '/assets/index-CCCCCCCC.css', kind: 'css', brotli: 100 },
    ];
    const small: Budget = { js: 1000, css: 200, tolerance: 0.02, chunks: { index: 800, 'index.css': 100 } };
    expect(checkBudget(chunks, small)).toEqual([
      'first-load JS is 1200 bytes (brotli), over its budget of 1000',
      'index (/assets/index-AAAAAAAA.js) grew from 800 to 900 bytes',
      'maplibre-gl (/assets/maplibre-gl-BBBBBBBB.js) is new on the first load: 300 bytes',
    ]);
    expect(checkBudget(chunks.slice(0, 1), { ...small, chunks: { index: 890 } })).toEqual([]);
  });
});
