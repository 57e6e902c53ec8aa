import { brands } from '@fixpoint/shared';
import { describe, expect, it } from 'vitest';
import { createBrandTheme } from './brand/theme';

// The rules of docs/decisions/0051 that the code itself can hold.
const sources = import.meta.glob(['../**/*.tsx', '!../**/*.test.tsx', '!../testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const buttons = Object.entries(sources).flatMap(([file, text]) =>
  [...text.matchAll(/<Button\b[^>]*?>/gs)].map((match) => ({ file: file.replace(/^\.\.\//, ''), tag: match[0] })),
);

describe('the design rules', () => {
  it('are read from the sources', () => {
    expect(buttons.length).toBeGreaterThan(150);
  });

  it('keep secondary actions quiet: no green buttons, and tinted (light) buttons only for destructive ones', () => {
    const loud = buttons.filter(
      ({ tag }) => /color="green"/.test(tag) || (/variant="light"/.test(tag) && !/color="red"/.test(tag)),
    );
    expect(loud.map(({ file, tag }) => `${file}: ${tag.replace(/\s+/g, ' ')}`)).toEqual([]);
  });

  it.each(Object.values(brands))('dim every dialog and drawer and keep one type scale in $name', (brand) => {
    const theme = createBrandTheme(brand);
    for (const component of ['Modal', 'Drawer'] as const) {
      expect(theme.components?.[component]?.defaultProps).toMatchObject({
        overlayProps: { backgroundOpacity: 0.55, blur: 2 },
      });
    }
    expect(theme.headings?.sizes?.h1?.fontSize).toBe('1.5rem');
    expect(theme.headings?.sizes?.h2?.fontSize).toBe('1.25rem');
    expect(theme.primaryColor).toBe('brand');
  });
});
