import { useCallback, useState } from 'react';
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

/** Light or dark map: the brand's default (`darkMap`) until the user switches; the choice is remembered. */
export function useMapTheme(brandPrefersDark: boolean): [MapTheme, (theme: MapTheme) => void] {
  const [theme, setTheme] = useState<MapTheme>(() => stored() ?? (brandPrefersDark ? 'dark' : 'light'));
  const choose = useCallback((next: MapTheme) => {
    setTheme(next);
    try {
      localStorage.setItem(storageKey, next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }, []);
  return [theme, choose];
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
