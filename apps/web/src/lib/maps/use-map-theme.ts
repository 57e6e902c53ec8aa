import { useCallback, useEffect, useState } from 'react';
import { useIsHydrated } from '../use-is-hydrated';
import type { MapTheme } from './palette';

const storageKey = 'fixpoint.mapTheme';

const stored = (): MapTheme | null => {
  try {
    const value = localStorage.getItem(storageKey);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
};

/**
 * Light or dark map: the brand's default (`darkMap`) until the user switches; the choice is remembered. A prerendered
 * page shows the default, as the server did, until it has hydrated (docs/decisions/0053).
 */
export function useMapTheme(brandPrefersDark: boolean): [MapTheme, (theme: MapTheme) => void] {
  const isHydrated = useIsHydrated();
  const [chosen, setChosen] = useState<MapTheme | null>(() => (isHydrated ? stored() : null));
  useEffect(() => {
    if (isHydrated) setChosen((current) => current ?? stored());
  }, [isHydrated]);
  const choose = useCallback((next: MapTheme) => {
    setChosen(next);
    try {
      localStorage.setItem(storageKey, next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }, []);
  return [chosen ?? (brandPrefersDark ? 'dark' : 'light'), choose];
}

/** WebGL is what MapLibre draws with; without it (old browsers, jsdom) the map shows a notice instead. */
export function supportsWebGL() {
  if (typeof window === 'undefined' || typeof window.WebGLRenderingContext === 'undefined') return false;
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}
