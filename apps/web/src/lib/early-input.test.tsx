import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appSettled, releaseEarlyInput } from './early-input';
import { lazyNamed } from './lazy-import';

// index.html's own first script, run as the browser runs it, before the app.
const indexHtml = readFileSync(join(__dirname, '../../index.html'), 'utf8');
const earlyScript = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)?.[1] ?? '';

/** The server's page in `#root`, with index.html's first script running. */
function serverPage(html: string) {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  new Function(earlyScript)();
  return document.getElementById('root') as HTMLElement;
}

describe('input before the app has taken the page over', () => {
  let root: Root | undefined;
  beforeAll(() => {
    // React's act() outside Testing Library's render.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    releaseEarlyInput();
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
  });

  it('holds a click on a button React does not answer yet, and gives it to the button once released', async () => {
    expect(earlyScript).toContain('__fixpointReleaseInput');
    const container = serverPage(
      '<button type="button" aria-label="Account"><svg aria-hidden="true"><path></path></svg></button>',
    );
    // On the icon inside the button, as a finger would.
    container.querySelector('path')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const clicks = vi.fn();
    await act(async () => {
      root = hydrateRoot(
        container,
        <button type="button" aria-label="Account" onClick={clicks}>
          <svg aria-hidden="true">
            <path />
          </svg>
        </button>,
      );
    });
    expect(clicks).not.toHaveBeenCalled();
    releaseEarlyInput();
    expect(clicks).toHaveBeenCalledTimes(1);
    // Released once: a later click goes straight to the button, and nothing is replayed again.
    container.querySelector('button')?.click();
    releaseEarlyInput();
    expect(clicks).toHaveBeenCalledTimes(2);
  });

  it('lets a click through where React answers it already, and a link navigates without the app', async () => {
    const container = serverPage('<a href="#plans">Plans</a>');
    const clicks = vi.fn();
    await act(async () => {
      root = createRoot(container);
      root.render(
        <>
          <a href="#plans">Plans</a>
          <button type="button" onClick={clicks}>
            Create account
          </button>
        </>,
      );
    });
    container.querySelector('button')?.click();
    expect(clicks).toHaveBeenCalledTimes(1);
    const links = vi.fn((event: Event) => event.preventDefault());
    container.querySelector('a')?.addEventListener('click', links);
    container.querySelector('a')?.click();
    expect(links).toHaveBeenCalledTimes(1);
  });

  it('gives the click to the button the app rendered in its place, not to another one there', async () => {
    const container = serverPage('<button type="button" aria-label="Account"></button>');
    container.querySelector('button')?.click();
    const clicks = vi.fn();
    await act(async () => {
      root = createRoot(container);
      root.render(<button type="button" aria-label="Account" onClick={clicks} />);
    });
    releaseEarlyInput();
    expect(clicks).toHaveBeenCalledTimes(1);
    act(() => root?.unmount());

    const other = serverPage('<button type="button" aria-label="Account"></button>');
    other.querySelector('button')?.click();
    const wrong = vi.fn();
    await act(async () => {
      root = createRoot(other);
      root.render(<button type="button" aria-label="Log out" onClick={wrong} />);
    });
    releaseEarlyInput();
    expect(wrong).not.toHaveBeenCalled();
  });

  it("holds a form's submission (no page load with the fields in the address), and submits it to the app", async () => {
    const container = serverPage('<form><input name="email" value="a@b.c"></form>');
    (container.querySelector('form') as HTMLFormElement).requestSubmit();
    const submits = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    await act(async () => {
      root = hydrateRoot(
        container,
        <form onSubmit={submits}>
          <input name="email" defaultValue="a@b.c" />
        </form>,
      );
    });
    releaseEarlyInput();
    expect(submits).toHaveBeenCalledTimes(1);
  });

  it('settles once the chunks the first render asked for have arrived', async () => {
    let arrive = (_module: { Part: () => null }) => {};
    const Part = lazyNamed(() => new Promise<{ Part: () => null }>((resolve) => (arrive = resolve)), 'Part');
    Part.preload();
    let isSettled = false;
    const settled = appSettled(10).then(() => {
      isSettled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isSettled).toBe(false);
    arrive({ Part: () => null });
    await settled;
    expect(isSettled).toBe(true);
  });
});
