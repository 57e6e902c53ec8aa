import type { Brand, Language } from '@fixpoint/shared';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import de from '../../public/locales/de/translation.json';
import en from '../../public/locales/en/translation.json';
import nl from '../../public/locales/nl/translation.json';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { initI18n } from '../lib/i18n';

type Handler = (url: URL, init: RequestInit | undefined) => { status?: number; body?: unknown } | undefined;

/**
 * Answers the app's API calls in a component test. Each handler sees the URL and returns a response, or undefined
 * to pass; an unanswered call fails the test loudly.
 */
export function stubApi(handler: Handler) {
  const calls: URL[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    const answer = handler(url, init);
    if (!answer) throw new Error(`No API stub for ${init?.method ?? 'GET'} ${url.pathname}`);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

/**
 * i18next with every shipped language loaded synchronously (English unless `lng` says otherwise). A key that no
 * language has is reported through console.error, which fails the test (testing/setup.ts): no raw key on screen.
 */
export const initTestI18n = (lng?: Language) =>
  initI18n(
    { en: { translation: en }, nl: { translation: nl }, de: { translation: de } },
    { lng, onMissingKey: (key) => console.error(`Missing translation key: ${key}`) },
  );

/** Renders the whole app at a path, in English and the default brand unless told otherwise. */
export function renderApp(path: string, { brand, lng }: { brand?: Brand; lng?: Language } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const i18n = initTestI18n(lng ?? brand?.staticLanguage);
  const user = userEvent.setup({ delay: null });
  const result = render(
    <AppProvider i18n={i18n} env="test" brand={brand}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, user, i18n };
}

/** Renders one component inside the app's providers (no router beyond a memory one at `/`). */
export function renderWithProviders(ui: ReactNode, { brand, lng }: { brand?: Brand; lng?: Language } = {}) {
  const i18n = initTestI18n(lng);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/'] });
  const user = userEvent.setup({ delay: null });
  const result = render(
    <AppProvider i18n={i18n} env="test" brand={brand}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, user, i18n };
}

/** Renders `ui` inside the app's providers only, for a test that brings its own router. */
export function renderInAppProviders(ui: ReactNode, { lng }: { lng?: Language } = {}) {
  return render(
    <AppProvider i18n={initTestI18n(lng)} env="test">
      {ui}
    </AppProvider>,
  );
}

/**
 * Loads lazy route modules up front (`await preloadRoutes('status')` at a test file's top): a route's first load on a
 * busy machine outlasts findBy's wait. Through here, so a feature's test does not import app/ (decision 0067).
 */
const routeModules = {
  marketplace: () => import('../app/routes/marketplace'),
  map: () => import('../app/routes/map'),
  adminMap: () => import('../app/routes/admin/map'),
  status: () => import('../app/routes/status'),
};
export const preloadRoutes = (...names: (keyof typeof routeModules)[]) =>
  Promise.all(names.map((name) => routeModules[name]()));
