import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, chunkLoadTimeoutMs, importWithTimeout, isChunkLoadError, lazyNamed } from '../lib/lazy-import';
import { renderInAppProviders } from '../testing/render';
import { RouteErrorBoundary } from './error-page';

function Broken({ error }: { error: Error }): never {
  throw error;
}

function renderFailing(error: Error) {
  // React reports the caught render error on console.error; here that is the expected outcome.
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  renderInAppProviders(
    <MemoryRouter initialEntries={['/broken']}>
      <RouteErrorBoundary>
        <Routes>
          <Route path="/broken" element={<Broken error={error} />} />
          <Route path="/fine" element={<p>Fine again</p>} />
        </Routes>
      </RouteErrorBoundary>
      <Link to="/fine">Elsewhere</Link>
    </MemoryRouter>,
  );
  return logged;
}

afterEach(() => vi.useRealTimers());

describe('ErrorPage', () => {
  it("shows 'Unexpected Application Error' for a render error, with a reload", async () => {
    const logged = renderFailing(new Error('boom'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'The application ran into an unexpected error processing your last request. Please refresh the page and try again.',
      ),
    ).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('shows the pages again once the address changes', async () => {
    renderFailing(new Error('boom'));
    await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error' });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Fine again')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error' })).not.toBeInTheDocument();
  });

  it('offers a reload when a part of the app failed to load', async () => {
    renderFailing(new TypeError('Failed to fetch dynamically imported module: /assets/users-abc.js'));
    expect(await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});

describe('importWithTimeout', () => {
  it('turns a failed dynamic import into a ChunkLoadError and passes other errors through', async () => {
    await expect(
      importWithTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /a.js'))),
    ).rejects.toBeInstanceOf(ChunkLoadError);
    const other = new RangeError('not a chunk');
    await expect(importWithTimeout(() => Promise.reject(other))).rejects.toBe(other);
    await expect(importWithTimeout(() => Promise.resolve(42))).resolves.toBe(42);
  });

  it('gives up after 120 s', async () => {
    vi.useFakeTimers();
    const pending = importWithTimeout(() => new Promise<never>(() => {}));
    const outcome = pending.catch((error: unknown) => error);
    vi.advanceTimersByTime(chunkLoadTimeoutMs - 1);
    vi.advanceTimersByTime(1);
    const error = await outcome;
    expect(chunkLoadTimeoutMs).toBe(120_000);
    expect(isChunkLoadError(error)).toBe(true);
  });
});

describe('lazyNamed', () => {
  it('loads a chunk once for a preload and the render after it', async () => {
    const load = vi.fn(async () => ({ Hello: () => <p>Hello there</p> }));
    const Hello = lazyNamed(load, 'Hello');
    Hello.preload();
    Hello.preload();
    render(
      <Suspense fallback={null}>
        <Hello />
      </Suspense>,
    );
    expect(await screen.findByText('Hello there')).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });

  it('forgets a preload that failed, so the render loads again', async () => {
    const load = vi
      .fn<() => Promise<{ Hello: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /a.js'))
      .mockResolvedValue({ Hello: () => <p>Loaded on the second try</p> });
    const Hello = lazyNamed(load, 'Hello');
    Hello.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(
      <Suspense fallback={null}>
        <Hello />
      </Suspense>,
    );
    expect(await screen.findByText('Loaded on the second try')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
