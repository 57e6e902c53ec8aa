import { flattenTranslations, type LedgerDescription, translationProblems } from '@fixpoint/shared';
import { describe, expect, it } from 'vitest';
import de from '../../public/locales/de/translation.json';
import en from '../../public/locales/en/translation.json';
import nl from '../../public/locales/nl/translation.json';
import { initTestI18n } from '../testing/render';
import { initI18n } from './i18n';

const english = flattenTranslations(en);

// Spec 8 (and the texts of spec 1 and 2 it names), word for word.
const catalogue = [
  'An Unexpected Error Occurred',
  'The application ran into an unexpected error processing your last request. Please refresh the page and try again.',
  'Close',
  'Submission Failed',
  'Sorry, something went wrong while submitting your request. Please try again later.',
  'Thank you!',
  'Your request has been submitted. Our team will reach out soon.',
  'No Billing History',
  "We couldn't find any active subscriptions or billing history for your account.",
  'Could Not Retrieve Billing Details',
  'An error occurred while retrieving your billing information. Please refresh the page and try again.',
  'You have reached the maximum amount of organizations you can create.',
  'The organization name can not be empty.',
  'This name is already taken.',
  'The organization name has to be at least 3 characters long. Excluding special characters.',
  'Try Again',
  'An error occurred while creating organisation.',
  'Authentication object is not initialized',
  'User is not logged in',
  'User not logged in',
  'SVG not found',
  // Spec 2.
  'Launch Your Branded RTK Platform',
  'Request a Demo',
  'Contact Sales',
  'Submitting...',
  // Spec 1.
  'Trusted by 200+ fleets in agri-tech, drone and construction',
  'Unexpected Application Error',
  'Restricted Access',
  'You do not have the permissions to view this page.',
  'Back to Dashboard',
  'RTK User',
  'Need Help?',
  'Search',
];

describe('the translations', () => {
  it('have every key in en, nl and de (both ways), with the same variables and tags, none empty', () => {
    expect(translationProblems({ en, nl, de })).toEqual([]);
  });

  // Issue 15: one word for one thing, so menus, headings and texts agree (the menu-heading pairs are checked in
  // config/navigation-headings.test.ts).
  it.each([
    ['en', en, /NTRIP Accounts?\b/],
    ['de', de, /NTRIP-Zug[aä]ng/],
  ])('in %s keep to the chosen words', (_language, translation, avoided) => {
    const texts = [...flattenTranslations(translation).entries()];
    expect(texts.filter(([, text]) => avoided.test(text)).map(([key]) => key)).toEqual([]);
  });
});

/**
 * Every key the code can ask for must exist, or a user sees it raw: `t('a.b')`, `i18nKey="a.b"`, `` t(`a.${x}`) ``
 * (the `${…}` read as any one segment) and keys kept as data (`name: 'nav.map'`, any literal shaped like a key of
 * ours). Component tests catch what this cannot read (a key built elsewhere): testing/render.tsx fails them on any
 * missing key.
 */
describe('the keys in the code', () => {
  const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../testing/**'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }) as Record<string, string>;
  const pluralBase = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
  /** What `t()` can resolve to a text: a leaf, or the base of plural forms. */
  const texts = new Set([...english.keys()].flatMap((key) => [key, pluralBase(key)]));
  /** Parents of texts: a literal naming one is a prefix the code builds keys from. */
  const groups = new Set(
    [...english.keys()].flatMap((key) =>
      key
        .split('.')
        .slice(1)
        .map((_, i, all) =>
          key
            .split('.')
            .slice(0, all.length - i)
            .join('.'),
        ),
    ),
  );
  const topLevel = new Set(Object.keys(en));
  const looksLikeOurKey = (text: string) =>
    /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/.test(text) && topLevel.has(text.split('.')[0] as string);

  const found = { direct: [] as string[], templates: [] as string[], literals: [] as string[] };
  const calls: { where: string; key: string; options: string }[] = [];
  /** The arguments of the call whose `(` is at `open`, as written. */
  const argumentsAt = (text: string, open: number) => {
    let depth = 0;
    for (let i = open; i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
    }
    return text.slice(open + 1);
  };
  for (const [file, text] of Object.entries(sources)) {
    const where = file.replace(/^\.\.\//, '');
    for (const match of text.matchAll(/(?:\bt|\.t)\(\s*(['"])([^'"\n]+)\1|i18nKey=(?:\{\s*)?(['"])([^'"\n]+)\3/g)) {
      found.direct.push(`${where}: ${match[2] ?? match[4]}`);
      if (match[2]) {
        const call = argumentsAt(text, text.indexOf('(', match.index));
        calls.push({ where, key: match[2], options: call.includes(',') ? call.slice(call.indexOf(',') + 1) : '' });
      }
    }
    for (const match of text.matchAll(/(?:\bt|\.t)\(\s*`([^`]*)`/g)) found.templates.push(`${where}: ${match[1]}`);
    for (const match of text.matchAll(/(['"])([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_-]+)+)\1/g)) {
      if (looksLikeOurKey(match[2] as string)) found.literals.push(`${where}: ${match[2]}`);
    }
  }
  const keyOf = (entry: string) => entry.slice(entry.indexOf(': ') + 2);

  it('are read from the sources', () => {
    expect(found.direct.length).toBeGreaterThan(500);
    expect(found.templates.length).toBeGreaterThan(50);
  });

  it('asked for by t() or <Trans i18nKey> are texts in English', () => {
    expect(found.direct.filter((entry) => !texts.has(keyOf(entry)))).toEqual([]);
  });

  it('that only exist as plural forms are asked for with a count (without one, i18next shows the key)', () => {
    const leaves = new Set(english.keys());
    const countless = calls.filter(({ key, options }) => !leaves.has(key) && !/\bcount\b/.test(options));
    expect(countless.map(({ where, key }) => `${where}: ${key}`)).toEqual([]);
  });

  it('built in a template match at least one text', () => {
    const unmatched = found.templates.filter((entry) => {
      const template = keyOf(entry);
      if (template.startsWith('${')) return false; // wholly dynamic: left to the component tests
      const pattern = new RegExp(`^${template.replace(/[.*+?^()|[\]\\]/g, '\\$&').replace(/\$\{[^}]*\}/g, '[^.]+')}$`);
      return ![...texts].some((key) => pattern.test(key));
    });
    expect(unmatched).toEqual([]);
  });

  it('kept as data are texts or groups of texts', () => {
    expect(found.literals.filter((entry) => !texts.has(keyOf(entry)) && !groups.has(keyOf(entry)))).toEqual([]);
  });

  it('show every text of spec 8: each is asked for by the code, not only kept in the files', () => {
    const used = new Set([...found.direct, ...found.literals].map(keyOf));
    const templates = found.templates.map((entry) => new RegExp(`^${keyOf(entry).replace(/\$\{[^}]*\}/g, '[^.]+')}$`));
    const isAskedFor = (key: string) => used.has(key) || templates.some((template) => template.test(key));
    const unshown = catalogue.filter((text) =>
      [...english].every(([key, value]) => value !== text || !isAskedFor(pluralBase(key))),
    );
    expect(unshown).toEqual([]);
  });

  it('word every error code the server answers a person with, in every language', () => {
    const server = import.meta.glob(['../../../server/src/**/*.ts', '!../../../server/src/**/*.test.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }) as Record<string, string>;
    const codes = new Set(
      Object.values(server).flatMap((text) =>
        [...text.matchAll(/AppError\(\s*'([A-Z_]+)'/g)].map((m) => m[1] as string),
      ),
    );
    // better-auth's refusals pass through with its codes (apps/server auth.routes.ts): those a form can meet.
    for (const code of ['INVALID_EMAIL_OR_PASSWORD', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'INVALID_PASSWORD']) {
      codes.add(code);
    }
    // Said by the server in a sentence of its own, for admins and API clients: the code alone says too little.
    const serverWorded = new Set(['BAD_REQUEST', 'CONFLICT', 'UPSTREAM_FAILED', 'BAD_SIGNATURE']);
    expect(codes.size).toBeGreaterThan(30);
    expect([...codes].filter((code) => !serverWorded.has(code) && !texts.has(`errors.api.${code}`))).toEqual([]);
  });

  it('include a wording for every ledger description the server stores', () => {
    const codes: Record<LedgerDescription['code'], true> = {
      activation: true,
      purchase: true,
      refund: true,
      adminGrant: true,
      adminCorrection: true,
      rinexSpend: true,
      rinexRefund: true,
    };
    expect(Object.keys(codes).filter((code) => !texts.has(`credits.reasons.${code}`))).toEqual([]);
  });
});

describe('the English texts', () => {
  it.each(catalogue)('include %j', (text) => {
    expect([...english.values()]).toContain(text);
  });
});

describe('initI18n', () => {
  it('detects as the spec says, caches in local storage, retries and never sends missing keys', () => {
    const i18n = initI18n({ en: { translation: en } });
    expect(i18n.options.detection).toMatchObject({
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      caches: ['localStorage'],
    });
    expect(i18n.options).toMatchObject({
      fallbackLng: ['en'],
      saveMissing: false,
      maxParallelReads: 10,
      maxRetries: 5,
      retryTimeout: 350,
      supportedLngs: expect.arrayContaining(['en', 'nl', 'de']),
    });
  });

  it('picks up a language remembered on the device and sets the html language', () => {
    localStorage.setItem('i18nextLng', 'nl');
    const i18n = initTestI18n();
    expect(i18n.resolvedLanguage).toBe('nl');
    expect(i18n.t('nav.logIn')).toBe('Inloggen');
    expect(document.documentElement.lang).toBe('nl');
  });

  it("lets a brand's static language win over the remembered one", () => {
    localStorage.setItem('i18nextLng', 'nl');
    const i18n = initTestI18n('de');
    expect(i18n.resolvedLanguage).toBe('de');
    expect(i18n.t('nav.logIn')).toBe('Anmelden');
  });

  it('falls back to English for a language it does not ship', () => {
    localStorage.setItem('i18nextLng', 'fr');
    expect(initTestI18n().t('nav.logIn')).toBe('Log in');
  });
});
