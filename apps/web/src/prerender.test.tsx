import { act, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import de from '../public/locales/de/translation.json';
import en from '../public/locales/en/translation.json';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { prerenderDashboard } from './prerender';
import { stubApi } from './testing/render';

const translations = { en, de };
type Language = keyof typeof translations;

/** The server's answers: health, no published documents, and the whole translation files the page loads after. */
function stubServer() {
  return stubApi((url) => {
    const locale = url.pathname.match(/^\/locales\/(en|de)\/translation\.json$/)?.[1] as 'en' | 'de' | undefined;
    if (locale) return { body: translations[locale] };
    if (url.pathname === '/api/health') return { body: { status: 'ok', checks: {} } };
    if (url.pathname === '/api/auth/get-session') return { body: null };
    if (url.pathname.startsWith('/api/')) return { status: 404, body: { code: 'NOT_FOUND', message: 'none' } };
    return undefined;
  });
}

/**
 * The server's page for `language`. The server renders in its own process; here the browser's React shares the
 * realm, and a server render leaves the contexts of its last task set: an empty one puts them back.
 */
async function serverPage(language: Language) {
  const output = await prerenderDashboard({ brand: 'fixpoint', language, translation: translations[language] });
  await prerender(<div />);
  return output;
}

/**
 * What the browser does with the server's page (main.tsx): the prerendered texts, then hydrateRoot. `device` sets
 * up what only the browser knows (jsdom's window would show it to the server's render too).
 */
async function hydrate(language: Language, device = () => {}) {
  const output = await serverPage(language);
  device();
  document.body.innerHTML = `<div id="root">${output.html}</div>`;
  window.history.replaceState(null, '', '/dashboard');
  const container = document.getElementById('root') as HTMLElement;
  const sentHeading = container.querySelector('h1');
  const recoverable: unknown[] = [];
  // React's development build notices the server's renderer ran in this realm before (it never does in a browser).
  const errors: unknown[][] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('Detected multiple renderers')) errors.push(args);
  });
  const i18n = initI18n(undefined, { lng: language, prerendered: { language, texts: output.texts } });
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App i18n={i18n} isSignedOut isPrerendered />
      </StrictMode>,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
  });
  return { output, sentHeading, recoverable, errors, i18n, unmount: () => act(() => root?.unmount()) };
}

describe('the prerendered visitor dashboard (docs/decisions/0053)', () => {
  let unmount: (() => void) | undefined;
  afterEach(() => {
    unmount?.();
    unmount = undefined;
  });

  it('is the visitor dashboard, with the texts its page needs and no script', async () => {
    const output = await serverPage('en');
    expect(output.html).toContain('RTK corrections for every rover');
    expect(output.html).toContain('href="/signup"');
    expect(output.html).toMatch(/^<style data-mantine-styles/);
    expect(output.html).not.toContain('<script');
    expect(output.html).not.toContain('<template');
    expect(output.title).toBe('Fixpoint | Dashboard');
    expect(Object.keys(output.texts)).toEqual(expect.arrayContaining(['dashboard', 'footer', 'nav', 'promo']));
    expect(JSON.stringify(output.texts).length).toBeLessThan(JSON.stringify(en).length / 4);
  });

  it.each(['en', 'de'] as const)(
    'hydrates in %s without a mismatch, keeping the elements the server sent',
    async (language) => {
      stubServer();
      const page = await hydrate(language);
      unmount = page.unmount;
      expect(page.recoverable).toEqual([]);
      expect(page.errors).toEqual([]);
      const heading = await screen.findByRole('heading', { level: 1, name: translations[language].dashboard.heading });
      expect(heading).toBe(page.sentHeading);
      // Live: the status read ran and shows.
      expect(await screen.findByText(translations[language].dashboard.status.ok)).toBeInTheDocument();
      // The whole file replaced the page's few texts.
      await expect.poll(() => page.i18n.t('auth.signInTitle')).toBe(translations[language].auth.signInTitle);
    },
  );

  it("hydrates on a phone, or with the menu remembered collapsed, then shows the device's menu", async () => {
    stubServer();
    const matchMedia = window.matchMedia;
    const phone = await hydrate('en', () => {
      window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === '(max-width: 48em)' });
    });
    unmount = phone.unmount;
    expect(phone.recoverable).toEqual([]);
    expect(phone.errors).toEqual([]);
    expect(await screen.findByRole('link', { name: 'Need Help?' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBe(phone.sentHeading);
    phone.unmount();
    window.matchMedia = matchMedia;

    stubServer();
    const collapsed = await hydrate('en', () => localStorage.setItem('fixpoint.sideMenu.collapsed', 'true'));
    unmount = collapsed.unmount;
    expect(collapsed.recoverable).toEqual([]);
    expect(collapsed.errors).toEqual([]);
    expect(await screen.findByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
