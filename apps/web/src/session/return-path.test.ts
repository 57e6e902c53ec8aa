import { describe, expect, it } from 'vitest';
import { authHref, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeReturnPath('/marketplace')).toBe('/marketplace');
    expect(safeReturnPath('/marketplace?buy=subscription&network=n1#map')).toBe(
      '/marketplace?buy=subscription&network=n1#map',
    );
    expect(safeReturnPath('/org/o1/accounts')).toBe('/org/o1/accounts');
  });

  it.each([
    ['absent', null],
    ['empty', ''],
    ['another site', 'https://evil.example'],
    ['another site, protocol-relative', '//evil.example'],
    ['another site, protocol-relative with a path', '//evil.example/marketplace'],
    ['another site through a backslash', '/\\evil.example'],
    ['another site through a tab the URL parser drops', '/\t/evil.example'],
    ['another site through a newline', '/\n/evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'marketplace'],
    ['the sign-in address itself', '/login?returnTo=/marketplace'],
    ['the sign-up address', '/signup'],
    ['the register address, reached through dots', '/x/../register'],
  ])('ignores %s', (_, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});

describe('authHref', () => {
  it('carries the return path readably, encoding what must be', () => {
    expect(authHref('signIn', '/marketplace')).toBe('/login?returnTo=/marketplace');
    expect(authHref('signUp', '/marketplace?buy=credits&x=1')).toBe(
      '/signup?returnTo=/marketplace%3Fbuy%3Dcredits%26x%3D1',
    );
    expect(new URLSearchParams(authHref('signUp', '/a?b=c&d=e').split('?')[1]).get('returnTo')).toBe('/a?b=c&d=e');
  });

  it('leaves out the dashboard and anything that is not a path of this site', () => {
    expect(authHref('signIn', '/dashboard')).toBe('/login');
    expect(authHref('signIn', '//evil.example')).toBe('/login');
    expect(authHref('signUp', undefined)).toBe('/signup');
  });
});
