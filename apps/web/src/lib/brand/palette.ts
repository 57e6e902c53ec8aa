import type { MantineColorsTuple } from '@mantine/core';

type Rgb = [number, number, number];

const toRgb = (hex: string): Rgb => {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

const toHex = (rgb: Rgb) => `#${rgb.map((part) => Math.round(part).toString(16).padStart(2, '0')).join('')}`;

const mix = (from: Rgb, to: Rgb, amount: number): Rgb => [
  from[0] + (to[0] - from[0]) * amount,
  from[1] + (to[1] - from[1]) * amount,
  from[2] + (to[2] - from[2]) * amount,
];

/** How far each shade lies towards white (0-5) or black (7-9); shade 6 is the brand colour itself. */
const tints = [0.92, 0.82, 0.66, 0.5, 0.34, 0.17];
const shadows = [0.14, 0.28, 0.42];

/**
 * A Mantine ten-shade palette around one brand colour. Shade 6 (Mantine's primary shade in the light scheme) is
 * the brand colour exactly, so filled buttons show it unchanged; lighter and darker shades are mixes with white
 * and black.
 */
export function generatePalette(hex: string): MantineColorsTuple {
  const base = toRgb(hex);
  const white: Rgb = [255, 255, 255];
  const black: Rgb = [0, 0, 0];
  return [
    ...tints.map((amount) => toHex(mix(base, white, amount))),
    toHex(base),
    ...shadows.map((amount) => toHex(mix(base, black, amount))),
  ] as unknown as MantineColorsTuple;
}
