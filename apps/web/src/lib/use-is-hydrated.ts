import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False on the server and while React hydrates the server's HTML (docs/decisions/0053), true in every other render:
 * a component shows what only the device knows (its width, what it remembers) once this is true, so its first render
 * matches the prerendered HTML. React re-renders at once after hydrating; a page rendered in the browser alone sees
 * true from the start.
 */
export function useIsHydrated() {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
