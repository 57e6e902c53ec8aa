import { readCookie } from './cookies';

/** Where a gclid from the address is kept, so a lead sent later in the visit still carries it (spec 7). */
export const gclidStorageKey = 'gclid';

type GclidStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Google's conversion cookie holds `GCL.<click time>.<gclid>`; the lead wants the gclid itself. A value in another
 * shape is passed on as it is.
 */
function gclidOfCookie(value: string) {
  const match = /^GCL\.\d+\.(.+)$/.exec(value);
  return (match?.[1] ?? value).trim();
}

/**
 * Spec 7: the ad-click identifier comes from the `_gcl_aw` cookie, else a `gclid` query parameter (then stored
 * locally), else local storage, else the empty string. Storage that is blocked (private windows, strict settings)
 * counts as empty.
 */
export function resolveGclid({
  cookies,
  search,
  storage,
}: {
  cookies: string;
  search: string;
  storage: GclidStorage | null;
}): string {
  const fromCookie = gclidOfCookie(readCookie(cookies, '_gcl_aw') ?? '');
  if (fromCookie) return fromCookie;

  const fromQuery = new URLSearchParams(search).get('gclid')?.trim();
  if (fromQuery) {
    try {
      storage?.setItem(gclidStorageKey, fromQuery);
    } catch {
      // Storage refused: the identifier still goes with this request.
    }
    return fromQuery;
  }

  try {
    return storage?.getItem(gclidStorageKey)?.trim() ?? '';
  } catch {
    return '';
  }
}

/** The browser's local storage, or null where reading it throws. */
function localStorageOrNull(): GclidStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The ad-click identifier of this visit, read from the page's cookies, address and local storage. */
export const currentGclid = () =>
  resolveGclid({ cookies: document.cookie, search: window.location.search, storage: localStorageOrNull() });
