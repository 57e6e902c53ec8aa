import { describe, expect, it } from 'vitest';
import de from '../../public/locales/de/translation.json';
import en from '../../public/locales/en/translation.json';
import nl from '../../public/locales/nl/translation.json';
import { initTestI18n } from '../testing/render';
import { initI18n } from './i18n';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

const english = flatten(en);

describe.each([
  ['nl', nl],
  ['de', de],
])('the %s translation', (_language, translation) => {
  const other = flatten(translation as Tree);

  it('has every English key and no others', () => {
    expect([...english.keys()].filter((key) => !other.has(key))).toEqual([]);
    expect([...other.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('keeps every placeholder and tag of the English text, and translates it', () => {
    for (const [key, text] of english) {
      expect(placeholders(other.get(key) ?? ''), key).toEqual(placeholders(text));
      expect(other.get(key), key).not.toBe('');
    }
  });
});

describe('the English texts', () => {
  // Spec 8, word for word.
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
