import { type ComponentType, lazy } from 'react';

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

/**
 * A component exported by name from a module that loads as its own chunk (React.lazy wants a default export),
 * failing as a ChunkLoadError like importWithTimeout. `preload()` starts loading it before it renders (the page a
 * browser opens at, fetched beside the app's own scripts: app/router.tsx `preloadPage`); rendering then uses the
 * same load.
 */
export function lazyNamed<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  let loading: Promise<Module> | undefined;
  const loadOnce = () => {
    loading ??= importWithTimeout(load);
    return loading;
  };
  const component = lazy(() =>
    loadOnce().then((module) => ({
      default: module[name] as ComponentType<ComponentProps<Module[Name]>>,
    })),
  );
  return Object.assign(component, {
    preload() {
      // A preload that fails is forgotten: rendering tries again and shows the failure.
      loadOnce().catch(() => {
        loading = undefined;
      });
    },
  });
}

type ComponentProps<T> = T extends ComponentType<infer Props> ? Props : never;
