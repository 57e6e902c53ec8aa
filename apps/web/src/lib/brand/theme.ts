import type { Brand } from '@fixpoint/shared';
import { type CSSVariablesResolver, createTheme, darken } from '@mantine/core';
import { generatePalette } from './palette';

/**
 * The spec's mobile width is 768 px inclusive, so `sm` starts one pixel above it: at 768 px the side menu is
 * already the mobile drawer (docs/decisions/0006). postcss.config.cjs carries the same values for CSS modules.
 */
export const breakpoints = { xs: '36em', sm: '48.0625em', md: '62em', lg: '75em', xl: '88em' };

/**
 * The whole Mantine theme of a brand: its colour as the primary palette, shade 6 in light and dark schemes.
 * `closeLabel` names the close (×) buttons of every modal and drawer, in the interface language.
 */
export function createBrandTheme(brand: Brand, { closeLabel = 'Close' }: { closeLabel?: string } = {}) {
  const closeButtonProps = { 'aria-label': closeLabel };
  // Every dialog and drawer dims and softens the page behind it (docs/decisions/0051).
  const overlayProps = { backgroundOpacity: 0.55, blur: 2 };
  return createTheme({
    colors: { brand: generatePalette(brand.primaryColor) },
    primaryColor: 'brand',
    primaryShade: { light: 6, dark: 6 },
    autoContrast: true,
    defaultRadius: 'md',
    breakpoints,
    // One type scale (docs/decisions/0051): page title 24 px, section headings 20 px, card titles 16 px.
    headings: {
      fontWeight: '600',
      sizes: {
        h1: { fontSize: '1.5rem', lineHeight: '1.3' },
        h2: { fontSize: '1.25rem', lineHeight: '1.35' },
        h3: { fontSize: '1rem', lineHeight: '1.45' },
        h4: { fontSize: '1rem', lineHeight: '1.45' },
      },
    },
    other: { brandKey: brand.key },
    // Plain objects, not Modal.extend(): importing the components here would put them in every first load.
    components: {
      Modal: { defaultProps: { closeButtonProps, overlayProps } },
      Drawer: { defaultProps: { closeButtonProps, overlayProps } },
    },
  });
}

/**
 * Contrast fixes for WCAG AA (4.5:1), checked by the browser accessibility test: Mantine's dimmed text (gray 6)
 * reaches only 3.3:1 on white, its error text (red 6, under invalid inputs) 3.3:1, and the text of its light
 * variants (shade 9 on shade 1) only 2.7:1 (yellow) to 3.8:1 (green) for its own colours. The brand palette passes
 * as it is.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f666d',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.entries(theme.colors)
        .filter(([name]) => name !== 'brand' && name !== 'dark')
        .map(([name, shades]) => [`--mantine-color-${name}-light-color`, darken(shades[9], 0.35)]),
    ),
  },
  dark: {},
});
