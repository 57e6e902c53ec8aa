import { describe, expect, it } from 'vitest';
import { parsePrerenderData, prerenderedPageAt, signedInPageAt } from './prerender';

const texts = { accounts: { title: 'NTRIP accounts' } };
const signedIn = {
  path: '/accounts',
  timeZone: 'Europe/Amsterdam',
  queries: [{ key: ['accounts', 'personal', 'list'], data: [], updatedAt: 1_795_000_000_000 }],
};

describe('the pages the server renders', () => {
  it("finds the visitor's page and the signed-in page at an address", () => {
    expect(prerenderedPageAt('/')).toBe('dashboard');
    expect(prerenderedPageAt('/marketplace')).toBe('marketplace');
    expect(prerenderedPageAt('/accounts')).toBeUndefined();
    expect(signedInPageAt('/accounts')).toBe('accounts');
    expect(signedInPageAt('/')).toBe('dashboard');
    expect(signedInPageAt('/dashboard')).toBe('dashboard');
    expect(signedInPageAt('/admin/feed/5d1c0a4e-7f0b-4c2a-9a57-6e7f0c1d2e3f')).toBe('adminFeedNetwork');
    for (const path of [
      '/admin/feed',
      '/admin/feed/not-a-network',
      '/accounts/x',
      '/org/o1/accounts',
      '//',
      '/dashboardx',
    ]) {
      expect(signedInPageAt(path), path).toBeUndefined();
    }
  });
});

describe("the browser's check of the page's JSON", () => {
  it("takes a visitor's page, and a signed-in page with its address, time zone and answers", () => {
    expect(parsePrerenderData({ page: 'dashboard', language: 'en', texts })).toEqual({
      page: 'dashboard',
      language: 'en',
      texts,
    });
    expect(parsePrerenderData({ page: 'accounts', language: 'de', texts, signedIn })).toEqual({
      page: 'accounts',
      language: 'de',
      texts,
      signedIn,
    });
  });

  it('refuses a page that does not say what it is, or says it wrongly', () => {
    for (const value of [
      { page: 'accounts', language: 'en', texts },
      { page: 'marketplace', language: 'en', texts, signedIn },
      { page: 'accounts', language: 'fr', texts, signedIn },
      { page: 'accounts', language: 'en', texts, signedIn: { ...signedIn, timeZone: 3 } },
      { page: 'accounts', language: 'en', texts, signedIn: { ...signedIn, queries: [{ key: 'accounts' }] } },
      { page: 'accounts', language: 'en', texts, signedIn: { ...signedIn, queries: [{ key: [], updatedAt: 'x' }] } },
      { page: 'settings', language: 'en', texts, signedIn },
      null,
    ]) {
      expect(parsePrerenderData(value)).toBeNull();
    }
  });
});
