import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import en from '../../public/locales/en/translation.json';
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

/** Renders the whole app at a path, with English translations loaded synchronously. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const i18n = initI18n({ en: { translation: en } });
  const user = userEvent.setup();
  const result = render(
    <AppProvider i18n={i18n} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, user };
}
