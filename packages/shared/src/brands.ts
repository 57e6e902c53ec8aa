import { z } from 'zod';

/** Languages the portal ships translations for (apps/web/public/locales). */
export const languages = ['en', 'nl', 'de'] as const;
export type Language = (typeof languages)[number];

/** Colours of the card-payment form (the payment provider's appearance variables). */
export interface CardPaymentColors {
  colorPrimary: string;
  colorBackground: string;
  colorText: string;
  colorDanger: string;
}

/** A brand the portal can run under (spec 1: rebranding). Pure data: the server picks one, the web app shows it. */
export interface Brand {
  key: string;
  name: string;
  /** Shown beside the name in the logo area, e.g. 'RTK'. */
  secondName?: string;
  /** Paths served by the web app (apps/web/public/brands/<key>/). */
  logo: string;
  favicon: string;
  /** `#rrggbb`; the web app turns it into a ten-shade Mantine palette. */
  primaryColor: string;
  cardPayment: CardPaymentColors;
  /** Promotion calls-to-action (upgrade, sales flow): true only for the default brand. */
  showPromotion: boolean;
  /** Maps open in the dark style by default. */
  darkMap: boolean;
  /** The brand's own internet domain: the demo seller's e-mail and website (never linked by the portal). */
  domain: string;
  /**
   * Where the brand's terms live when not in the portal; absent: the portal's `/legal/terms`, which shows the version
   * published under Admin -> Settings -> Documents (docs/decisions/0074).
   */
  termsUrl?: string;
  /** Where Help and Documentation lead when the brand keeps its own help site; absent: the portal's `/help`. */
  helpUrl?: string;
  /** Forces the interface language; detection and the switcher are bypassed. */
  staticLanguage?: Language;
  /** Tag-manager container id (GTM-…); the script is loaded only when present. */
  tagManagerId?: string;
  /** Start of every generated NTRIP username, so a reseller's rovers carry its name (`fx-k3m9q2t`). */
  ntripUsernamePrefix: string;
}

/** Spec 9: the card-payment form's spacing unit. */
export const cardPaymentSpacingUnit = '8px';

const cardPayment = (colorPrimary: string): CardPaymentColors => ({
  colorPrimary,
  colorBackground: '#ffffff',
  colorText: '#1f2328',
  colorDanger: '#c92a2a',
});

export const defaultBrandKey = 'fixpoint';

export const brands = {
  fixpoint: {
    key: 'fixpoint',
    ntripUsernamePrefix: 'fx',
    name: 'Fixpoint',
    logo: '/brands/fixpoint/logo.svg',
    favicon: '/brands/fixpoint/favicon.svg',
    primaryColor: '#0b6bcb',
    cardPayment: cardPayment('#0b6bcb'),
    showPromotion: true,
    darkMap: true,
    domain: 'fixpoint.example',
  },
  akkerpunt: {
    key: 'akkerpunt',
    ntripUsernamePrefix: 'ap',
    name: 'Akkerpunt',
    secondName: 'RTK',
    logo: '/brands/akkerpunt/logo.svg',
    favicon: '/brands/akkerpunt/favicon.svg',
    primaryColor: '#2e7d32',
    cardPayment: cardPayment('#2e7d32'),
    showPromotion: false,
    darkMap: false,
    domain: 'akkerpunt.example',
    staticLanguage: 'nl',
  },
  skyfix: {
    key: 'skyfix',
    ntripUsernamePrefix: 'sky',
    name: 'SkyFix',
    secondName: 'Drone RTK',
    logo: '/brands/skyfix/logo.svg',
    favicon: '/brands/skyfix/favicon.svg',
    primaryColor: '#6d28d9',
    cardPayment: cardPayment('#6d28d9'),
    showPromotion: false,
    darkMap: true,
    domain: 'skyfix.example',
    tagManagerId: 'GTM-SKYFIX1',
  },
  baupunkt: {
    key: 'baupunkt',
    ntripUsernamePrefix: 'bp',
    name: 'Baupunkt',
    secondName: 'Vermessung',
    logo: '/brands/baupunkt/logo.svg',
    favicon: '/brands/baupunkt/favicon.svg',
    primaryColor: '#c2410c',
    cardPayment: cardPayment('#c2410c'),
    showPromotion: false,
    darkMap: false,
    domain: 'baupunkt.example',
    staticLanguage: 'de',
  },
} as const satisfies Record<string, Brand>;

export type BrandKey = keyof typeof brands;
export const brandKeys = Object.keys(brands) as BrandKey[];

export const isBrandKey = (key: string): key is BrandKey => Object.hasOwn(brands, key);

/** The text of the branding error (spec 1: an invalid brand key names the allowed keys). */
export const brandingErrorMessage = (key: string) =>
  `Branding error: unknown brand "${key}". Allowed brands: ${brandKeys.join(', ')}.`;

export const brandKeySchema = z
  .string()
  .refine(isBrandKey, { error: (issue) => brandingErrorMessage(String(issue.input)) })
  .transform((key) => key as BrandKey);

export const getBrand = (key: BrandKey): Brand => brands[key];

/** A reseller brand: powered-by footer, no upgrade, help or policy links of the product itself. */
export const isRebranded = (brand: Brand) => brand.key !== defaultBrandKey;

/** The runtime settings the server hands the web app inside index.html (see renderIndexHtml). */
export const webConfigSchema = z.object({
  brand: brandKeySchema,
  /** Web-analytics script; null loads none. */
  analyticsScriptUrl: z.string().nullable(),
  /** A public MapLibre style URL (MAP_STYLE_URL) used instead of the offline base map; absent uses the offline one. */
  mapStyleUrl: z.string().nullable().optional(),
});

export type WebConfig = z.infer<typeof webConfigSchema>;

export const webConfigElementId = 'fixpoint-config';

const isNullableString = (value: unknown) => value === null || typeof value === 'string';

/**
 * The browser's check of the config the server wrote (by webConfigSchema) into index.html: the same rules without
 * zod, so the first page load does not carry a validation library for three fields (docs/decisions/0048).
 */
export function parseWebConfig(value: unknown): WebConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const { brand, analyticsScriptUrl, mapStyleUrl } = value as Record<string, unknown>;
  if (typeof brand !== 'string' || !isBrandKey(brand) || !isNullableString(analyticsScriptUrl)) return null;
  if (mapStyleUrl !== undefined && !isNullableString(mapStyleUrl)) return null;
  return {
    brand,
    analyticsScriptUrl: analyticsScriptUrl as string | null,
    ...(mapStyleUrl === undefined ? {} : { mapStyleUrl: mapStyleUrl as string | null }),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Brands the built index.html for one start-up: title, favicon, theme colour, html lang for a static language,
 * and the runtime config as inline JSON (`<` escaped so no value can close the script element).
 */
export function renderIndexHtml(html: string, config: WebConfig): string {
  const brand = getBrand(config.brand);
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const icon = `<link rel="icon" type="image/svg+xml" href="${escapeHtml(brand.favicon)}" />`;
  const hasIcon = /<link rel="icon"[^>]*>/.test(html);
  const head = [
    ...(hasIcon ? [] : [icon]),
    `<meta name="theme-color" content="${escapeHtml(brand.primaryColor)}" />`,
    `<script type="application/json" id="${webConfigElementId}">${json}</script>`,
  ].join('\n    ');
  let out = html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(brand.name)}</title>`)
    .replace(/<link rel="icon"[^>]*>/, () => icon);
  // Replacer functions: a `$` in a value must not act as a replacement pattern.
  out = out.includes('</head>') ? out.replace('</head>', () => `    ${head}\n  </head>`) : `${head}\n${out}`;
  if (brand.staticLanguage) out = out.replace(/<html lang="[^"]*"/, () => `<html lang="${brand.staticLanguage}"`);
  return out;
}
