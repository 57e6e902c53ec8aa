import { createContext, startTransition, useContext, useEffect, useState } from 'react';

const PrerenderedContext = createContext(false);

/**
 * Around an app that renders the server's prerendered page (docs/decisions/0053): on the server rendering it, in the
 * browser hydrating it. Its first render must be the server's.
 */
export const PrerenderedProvider = PrerenderedContext.Provider;

/**
 * False on the server and in the first render of a hydrated page, true in every other render: a component shows
 * what only the device knows (its width, what it remembers) once this is true, so its first render matches the
 * prerendered HTML. After hydrating it turns true as a transition, which neither holds up the page nor forces the
 * hydration's effects to run at once; a page rendered in the browser alone sees true from the start.
 */
export function useIsHydrated() {
  const isPrerendered = useContext(PrerenderedContext);
  const [isHydrated, setHydrated] = useState(!isPrerendered);
  useEffect(() => {
    if (!isHydrated) startTransition(() => setHydrated(true));
  }, [isHydrated]);
  return isHydrated;
}
