import { type Language, languages, type PrerenderData, type TranslationTree } from '@fixpoint/shared';
import i18next, { type InitOptions, type i18n, type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

export const supportedLanguages = languages;

/** Each language's name in itself, for the switcher. */
export const languageNames: Record<Language, string> = { en: 'English', nl: 'Nederlands', de: 'Deutsch' };

let current: i18n | undefined;

/**
 * A text in the language in use, for code outside React (an error made where no `t` is at hand); the fallback while
 * no translations are loaded.
 */
export function translate(key: string, fallback: string): string {
  return current?.isInitialized && current.exists(key) ? current.t(key) : fallback;
}

/** What decides how a text renders, the same in the browser and in the server's prerender. */
const textOptions = {
  fallbackLng: 'en',
  supportedLngs: [...supportedLanguages],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  interpolation: { escapeValue: false },
  react: { useSuspense: true },
} satisfies InitOptions;

/**
 * i18next as the spec describes: detection from query string, cookie, local storage, session storage, browser and
 * html tag; cached in local storage; files per language and namespace from /locales; English fallback; missing keys
 * never sent anywhere. A brand's static language (`lng`) skips detection. Tests pass `resources` to skip the
 * network, and `onMissingKey` to fail on a key no language has (shown raw otherwise). A prerendered page's texts
 * (`prerendered`, docs/decisions/0053) count as loaded, so the page it hydrates renders at once; the whole files
 * load beside it.
 */
export function initI18n(
  resources?: Resource,
  {
    lng,
    onMissingKey,
    prerendered,
  }: { lng?: Language; onMissingKey?: (key: string) => void; prerendered?: PrerenderData } = {},
) {
  const instance = i18next.createInstance();
  current = instance;
  if (!resources) instance.use(HttpBackend);
  instance.use(LanguageDetector).use(initReactI18next);
  // Screen readers and the html-tag detection read <html lang>; keep it on the language in use.
  instance.on('languageChanged', (language) => {
    document.documentElement.lang = instance.resolvedLanguage ?? language;
  });
  const bundled = resources ?? (prerendered && prerenderedResources(prerendered));
  void instance.init({
    ...textOptions,
    resources: bundled,
    // The prerendered texts stand in for their files until those arrive; everything else loads as usual.
    partialBundledLanguages: !resources && Boolean(prerendered),
    lng,
    saveMissing: false,
    // A text asked for with a default (`defaultValue`) falls back on purpose; without one the raw key would show.
    parseMissingKeyHandler: (key: string, defaultValue?: string) => {
      if (defaultValue === undefined) onMissingKey?.(key);
      return defaultValue ?? key;
    },
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      caches: ['localStorage'],
    },
    // Spec 9: up to 10 parallel reads, 5 retries, 350 ms initial retry delay.
    maxParallelReads: 10,
    maxRetries: 5,
    retryTimeout: 350,
    backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
  });
  if (!resources && bundled) void instance.reloadResources(Object.keys(bundled), ['translation']);
  return instance;
}

/**
 * A prerendered page's texts as i18next resources. English, the fallback, starts empty: every language has every
 * key (i18n.test.ts), so the page needs none of it, and marking it loaded keeps the first render from waiting.
 */
function prerenderedResources({ language, texts }: PrerenderData): Resource {
  return { en: { translation: {} }, [language]: { translation: texts } };
}

/**
 * i18next for the server's prerender (src/prerender.tsx): one language from its whole file, nothing detected or
 * fetched, ready at once. `onGroup` hears each top-level group of texts the render reads (`dashboard`, `nav`), so
 * the page can carry just those.
 */
export function initStaticI18n(language: Language, translation: TranslationTree, onGroup: (group: string) => void) {
  const groups = new Set(Object.keys(translation));
  const watched = new Proxy(translation, {
    get(target, property, receiver) {
      if (typeof property === 'string' && groups.has(property)) onGroup(property);
      return Reflect.get(target, property, receiver);
    },
  });
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  void instance.init({
    ...textOptions,
    resources: { [language]: { translation: watched } },
    lng: language,
    initAsync: false,
  });
  return instance;
}
