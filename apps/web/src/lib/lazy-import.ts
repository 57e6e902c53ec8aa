import { type ComponentType, createContext, createElement, lazy, useContext } from 'react';

/** Spec 8 and 9: a chunk that has not loaded after 120 s counts as failed. */
export const chunkLoadTimeoutMs = 120_000;

/** A part of the app (a code-split chunk) could not be loaded: usually a new deployment or a lost connection. */
export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

// What browsers say when a dynamic import fails (Chromium, Firefox, Safari) and Vite's preload failure.
const chunkFailurePatterns = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

export const isChunkLoadError = (error: unknown) =>
  error instanceof ChunkLoadError ||
  (error instanceof Error && chunkFailurePatterns.some((pattern) => pattern.test(error.message)));

/** A dynamic import that fails as a ChunkLoadError, also when it takes longer than the time-out. */
export function importWithTimeout<T>(load: () => Promise<T>, timeoutMs = chunkLoadTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading a chunk timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(
          isChunkLoadError(error) ? new ChunkLoadError(String((error as Error).message), { cause: error }) : error,
        );
      },
    );
  });
}

const loadsUnderway = new Set<Promise<unknown>>();

/** Whether a chunk of a `lazyNamed` component is loading. */
export const isChunkLoading = () => loadsUnderway.size > 0;

/** Resolves once no chunk of a `lazyNamed` component is loading, also those that start meanwhile. */
export async function chunkLoadsSettled() {
  while (loadsUnderway.size > 0) await Promise.allSettled([...loadsUnderway]);
}

/** The lazy parts a server render used, by name, as it meets them (apps/web/src/prerender.tsx). */
export const LazyPartRecorder = createContext<((name: string) => void) | undefined>(undefined);

/** Every `lazyNamed` part whose module has been evaluated, by name, with its load. */
const parts = new Map<string, () => Promise<unknown>>();

/**
 * Loads the lazy parts a server-rendered page used (its JSON's `parts`), so that hydration meets each of them loaded
 * and hydrates it at once: a part still loading is left as the server's markup, and any update of the part around it
 * meanwhile would replace that with the Suspense fallback until its chunk arrives (docs/decisions/0059). A part
 * declared inside another part's chunk is known once that chunk has run; one that never becomes known, or fails, is
 * left to the render.
 */
export async function loadLazyParts(names: readonly string[]) {
  const started = new Set<string>();
  for (;;) {
    const known = names.filter((name) => parts.has(name) && !started.has(name));
    if (known.length === 0) return;
    for (const name of known) started.add(name);
    await Promise.allSettled(known.map((name) => parts.get(name)?.()));
  }
}

/**
 * A component exported by name from a module that loads as its own chunk (React.lazy wants a default export),
 * failing as a ChunkLoadError like importWithTimeout. `preload()` starts loading it before it renders (the page a
 * browser opens at, fetched beside the app's own scripts: app/router.tsx `preloadPage`); rendering then uses the
 * same load, and once the module is there, renders its component directly, without suspending.
 */
export function lazyNamed<Module, Name extends keyof Module & string>(load: () => Promise<Module>, name: Name) {
  type Props = ComponentProps<Module[Name]>;
  let loading: Promise<Module> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const loadOnce = () => {
    if (!loading) {
      const started = importWithTimeout(load).then((module) => {
        loaded = module[name] as ComponentType<Props>;
        return module;
      });
      loading = started;
      loadsUnderway.add(started);
      const settle = () => loadsUnderway.delete(started);
      started.then(settle, settle);
    }
    return loading;
  };
  const Lazy = lazy(() => loadOnce().then(() => ({ default: loaded as ComponentType<Props> })));
  const preload = () => {
    // A preload that fails is forgotten: rendering tries again and shows the failure.
    const loadingNow = loadOnce();
    loadingNow.catch(() => {
      loading = undefined;
    });
    return loadingNow;
  };
  parts.set(name, preload);
  function LazyPart(props: Props) {
    useContext(LazyPartRecorder)?.(name);
    // `Lazy` resolves only after `loaded` is set, so the render that would show it renders the module's own component.
    return createElement((loaded ?? Lazy) as ComponentType<object>, props as object);
  }
  LazyPart.displayName = `Lazy(${name})`;
  return Object.assign(LazyPart, {
    preload() {
      void preload().catch(() => undefined);
    },
  });
}

type ComponentProps<T> = T extends ComponentType<infer Props> ? Props : never;
