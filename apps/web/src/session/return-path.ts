import { paths } from '../config/paths';

/** The query parameter of /login, /signup and /register that says where the visitor came from. */
export const returnToParam = 'returnTo';

export type AuthFormMode = 'signIn' | 'signUp';

const authPaths: readonly string[] = [paths.login.path, paths.signup.path, paths.register.path];

export const isAuthPath = (pathname: string) => authPaths.includes(pathname);

/** The state an in-app Log in or Sign up carries: the entry before the modal's is the page it returns to. */
export const openedFromPage = { isAuthOpenedFromPage: true } as const;

export const isOpenedFromPage = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>).isAuthOpenedFromPage === true;

// Any origin will do: only whether a path stays on it matters.
const probeOrigin = 'http://fixpoint.invalid';

/**
 * A return path from the address, if it is a page of this site: a path from the root (`/marketplace?buy=credits`),
 * never `//host` or `/\host` (browsers read both as another site, also with a tab or newline between the slashes,
 * which the URL parser drops: hence the origin check), and not an auth address itself. Anything else is null, so
 * the modal can never send a person to another site (an open redirect).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return null;
  }
  if (url.origin !== probeOrigin || isAuthPath(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * /login or /signup with the page to return to (left out for the dashboard, where the modal returns anyway).
 * Slashes stay readable (`?returnTo=/marketplace`); the rest of the path is encoded.
 */
export function authHref(mode: AuthFormMode, returnTo?: string | null): string {
  const base = mode === 'signIn' ? paths.login.getHref() : paths.signup.getHref();
  const path = safeReturnPath(returnTo);
  if (!path || path === paths.dashboard.getHref()) return base;
  return `${base}?${returnToParam}=${encodeURIComponent(path).replace(/%2F/g, '/')}`;
}
