import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Server modules form a graph without cycles (docs/decisions/0068); scripts/check-boundaries.mjs, run by
// `npm run lint`, refuses one and names the imports that close it.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const script = join(repoRoot, 'scripts/check-boundaries.mjs');
const checkIn = (cwd: string) => spawnSync(process.execPath, [script], { cwd, encoding: 'utf8' });
const cycleLine = /server modules import each other in a cycle/;

describe('the server module graph', () => {
  const fixture = mkdtempSync(join(tmpdir(), 'module-graph-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  };
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  it('has no cycle today', () => {
    const result = checkIn(repoRoot);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(cycleLine);
  });

  it('refuses two modules that import each other, naming both imports', () => {
    write('apps/server/src/modules/payments/payments.ts', "import { issue } from '../billing/invoices';\n");
    write('apps/server/src/modules/billing/invoices.ts', "import type { Provider } from '../payments/payments';\n");
    const result = checkIn(fixture);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'cycle, modules/billing -> modules/payments -> modules/billing: modules/billing/invoices.ts imports ../payments/payments; modules/payments/payments.ts imports ../billing/invoices',
    );
  });

  it('refuses a cycle that runs through a plugin, and lets a one-way chain pass', () => {
    rmSync(join(fixture, 'apps'), { recursive: true, force: true });
    write('apps/server/src/modules/audit/audit.routes.ts', "import { requireAdmin } from '../../plugins/auth';\n");
    write('apps/server/src/plugins/auth.ts', 'export const requireAdmin = 1;\n');
    write('apps/server/src/modules/auth/auth.ts', "import { recordAudit } from '../audit/audit.routes';\n");
    write('apps/server/src/modules/auth/auth.test.ts', "import { app } from '../../app';\n");
    write('apps/server/src/app.ts', "import { auth } from './modules/auth/auth';\n");
    expect(checkIn(fixture).stderr).not.toMatch(cycleLine);

    write('apps/server/src/plugins/auth.ts', "import type { Auth } from '../modules/auth/auth';\n");
    const result = checkIn(fixture);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'modules/audit -> plugins/auth.ts -> modules/auth -> modules/audit: modules/audit/audit.routes.ts imports ../../plugins/auth; plugins/auth.ts imports ../modules/auth/auth; modules/auth/auth.ts imports ../audit/audit.routes',
    );
  });
});
