import type { CoverageTier, FixState } from '@fixpoint/shared';

/**
 * Colours of the maps: the offline base map in its light and dark variants, the coverage tiers (the same on both,
 * drawn at `tierOpacity` so borders stay visible under them) and the station and rover markers. Plain data: the
 * browser test reads it to know which colour to expect at a pixel.
 */
export type MapTheme = 'light' | 'dark';

export const basePalettes: Record<MapTheme, { water: string; land: string; border: string }> = {
  light: { water: '#d4e4f1', land: '#f3f1ea', border: '#a8a39a' },
  dark: { water: '#141b26', land: '#2a313d', border: '#5b6576' },
};

export const tierColors = { excellent: '#2b9348', good: '#80b918', degraded: '#f08c00' } as const;
export const tierOpacity = 0.65;

/** Stations are rings (the tier shows inside them) in their status colour; rovers are filled dots. */
export const markerColors = {
  up: '#ffffff',
  degraded: '#ffd43b',
  down: '#e03131',
  rover: '#1c7ed6',
  stroke: '#ffffff',
};

/** Fix states (issue 33): the fleet map's rover dots and the fix share bars, fixed green to no fix red. */
export const fixStateColors: Record<FixState, string> = {
  fixed: '#37b24d',
  float: '#f59f00',
  dgps: '#1c7ed6',
  single: '#868e96',
  none: '#e03131',
};

/** Mantine colours of the tier badges (the expected quality at a picked point). */
export const tierBadgeColor: Record<CoverageTier, string> = {
  excellent: 'green',
  good: 'lime',
  degraded: 'orange',
  none: 'gray',
};
