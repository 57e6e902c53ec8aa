import { describe, expect, it } from 'vitest';
import { gclidStorageKey, resolveGclid } from './gclid';

/** A Map-backed stand-in for local storage. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('resolveGclid (spec 7)', () => {
  it('takes the gclid out of the _gcl_aw cookie first, before the address and storage', () => {
    const storage = memoryStorage({ [gclidStorageKey]: 'stored' });
    expect(
      resolveGclid({ cookies: 'a=1; _gcl_aw=GCL.1712345678.CjwKCAjw-abc_1; b=2', search: '?gclid=query', storage }),
    ).toBe('CjwKCAjw-abc_1');
    // The cookie does not overwrite what is stored.
    expect(storage.items.get(gclidStorageKey)).toBe('stored');
  });

  it('passes a cookie in another shape on as it is', () => {
    expect(resolveGclid({ cookies: '_gcl_aw=plain-id', search: '', storage: null })).toBe('plain-id');
  });

  it('else takes the gclid query parameter and stores it for later', () => {
    const storage = memoryStorage({ [gclidStorageKey]: 'older' });
    expect(resolveGclid({ cookies: 'other=1', search: '?utm_source=x&gclid=from-ad', storage })).toBe('from-ad');
    expect(storage.items.get(gclidStorageKey)).toBe('from-ad');
    // Later in the visit, without the parameter, the stored one is used.
    expect(resolveGclid({ cookies: '', search: '', storage })).toBe('from-ad');
  });

  it('else reads local storage, else answers the empty string', () => {
    expect(resolveGclid({ cookies: '', search: '', storage: memoryStorage({ [gclidStorageKey]: 'kept' }) })).toBe(
      'kept',
    );
    expect(resolveGclid({ cookies: '', search: '?gclid=', storage: memoryStorage() })).toBe('');
    expect(resolveGclid({ cookies: '_gcl_aw=', search: '', storage: null })).toBe('');
  });

  it('treats storage that throws as empty, and still sends a gclid from the address', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(resolveGclid({ cookies: '', search: '?gclid=abc', storage: blocked })).toBe('abc');
    expect(resolveGclid({ cookies: '', search: '', storage: blocked })).toBe('');
  });
});
