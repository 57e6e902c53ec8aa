import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readyLine } from './ready-line';

describe('the line npm start ends with', () => {
  it('names the address to open, the caster port and, once, the first admin and its password', () => {
    const password = randomBytes(6).toString('base64url');
    expect(readyLine({ brandName: 'Fixpoint', host: '0.0.0.0', port: 8080, casterPort: 2101 })).toBe(
      'Fixpoint is running: open http://localhost:8080 (NTRIP caster on port 2101).\n',
    );
    expect(
      readyLine({
        brandName: 'Baupunkt',
        host: '127.0.0.1',
        port: 8183,
        admin: { email: 'admin@fixpoint.local', password },
      }),
    ).toBe(
      `Baupunkt is running: open http://127.0.0.1:8183. First admin: admin@fixpoint.local, one-time password: ${password} (change it in Settings after signing in).\n`,
    );
    expect(readyLine({ brandName: 'Fixpoint', host: '::1', port: 80, publicUrl: 'https://portal.example' })).toBe(
      'Fixpoint is running: open https://portal.example.\n',
    );
    expect(readyLine({ brandName: 'Fixpoint', host: '::1', port: 8080 })).toContain('http://[::1]:8080');
  });
});
