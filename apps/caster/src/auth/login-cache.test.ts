import { describe, expect, it } from 'vitest';
import { createLoginCache } from './login-cache';

describe('createLoginCache', () => {
  const now = new Date('2026-11-24T12:00:00Z');

  it('keeps an account and its access for the time to live, then reads again', async () => {
    const cache = createLoginCache<{ id: string }>({ ttlMs: 30 });
    cache.rememberAccount('BENCH', { id: 'a1' });
    cache.rememberAccess('a1', 'n1', new Date(now.getTime() + 60_000));
    expect(cache.account('BENCH')).toEqual({ id: 'a1' });
    expect(cache.access('a1', 'n1', now)).toEqual(new Date(now.getTime() + 60_000));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cache.account('BENCH')).toBeUndefined();
    expect(cache.access('a1', 'n1', now)).toBeUndefined();
  });

  it('does not give access that has passed', () => {
    const cache = createLoginCache<{ id: string }>();
    cache.rememberAccess('a1', 'n1', new Date(now.getTime() + 500));
    expect(cache.access('a1', 'n1', new Date(now.getTime() + 501))).toBeUndefined();
  });

  it('forgets everything of an account that changed, and nothing of others', () => {
    const cache = createLoginCache<{ id: string }>();
    cache.rememberAccount('ONE', { id: 'a1' });
    cache.rememberAccount('TWO', { id: 'a2' });
    cache.rememberAccess('a1', 'n1', new Date(now.getTime() + 60_000));
    cache.rememberAccess('a2', 'n1', new Date(now.getTime() + 60_000));
    cache.forget('a1');
    expect(cache.account('ONE')).toBeUndefined();
    expect(cache.access('a1', 'n1', now)).toBeUndefined();
    expect(cache.account('TWO')).toEqual({ id: 'a2' });
    expect(cache.access('a2', 'n1', now)).toBeDefined();
  });
});
