import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; any: { message: string }[] }[];
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules and best practices) on the page as it is and returns its serious and
 * critical violations, one readable line each.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the portal's CSP (rightly) refuses an injected inline script tag.
  if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.evaluate(axeSource);
  const violations = (await page.evaluate(
    'axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations)',
  )) as AxeViolation[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes
          .map((node) => `  ${node.html.slice(0, 160)}: ${node.any[0]?.message ?? ''}`)
          .join('\n')}`,
    );
}

/** What the keyboard focus is on: its role or tag, and its accessible name as far as the page states it. */
export const focused = (page: Page) =>
  page.evaluate(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { tag: 'body', name: '', isVisible: false };
    const labelledBy = el.getAttribute('aria-labelledby');
    const name = (el.getAttribute('aria-label') || (labelledBy && document.getElementById(labelledBy)?.textContent) ||
      el.textContent || el.querySelector('img[alt]')?.getAttribute('alt') || el.getAttribute('placeholder') || el.getAttribute('title') || '').trim();
    const box = el.getBoundingClientRect();
    return { tag: el.getAttribute('role') || el.tagName.toLowerCase(), name, id: el.id, isVisible: box.width > 0 && box.height > 0 };
  })()`) as Promise<{ tag: string; name: string; id?: string; isVisible: boolean }>;
