import { type Language, languages } from '@fixpoint/shared';
import i18next, { type i18n, type Resource } from 'i18next';
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

/**
 * i18next as the spec describes: detection from query string, cookie, local storage, session storage, browser and
 * html tag; cached in local storage; files per language and namespace from /locales; English fallback; missing keys
 * never sent anywhere. A brand's static language (`lng`) skips detection. Tests pass `resources` to skip the
 * network, and `onMissingKey` to fail on a key no language has (shown raw otherwise).
 */
export function initI18n(
  resources?: Resource,
  { lng, onMissingKey }: { lng?: Language; onMissingKey?: (key: string) => void } = {},
) {
  const instance = i18next.createInstance();
  current = instance;
  if (!resources) instance.use(HttpBackend);
  instance.use(LanguageDetector).use(initReactI18next);
  // Screen readers and the html-tag detection read <html lang>; keep it on the language in use.
  instance.on('languageChanged', (language) => {
    document.documentElement.lang = instance.resolvedLanguage ?? language;
  });
  void instance.init({
    resources,
    lng,
    fallbackLng: 'en',
    supportedLngs: [...supportedLanguages],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    saveMissing: false,
    // A text asked for with a default (`defaultValue`) falls back on purpose; without one the raw key would show.
    parseMissingKeyHandler: (key: string, defaultValue?: string) => {
      if (defaultValue === undefined) onMissingKey?.(key);
      return defaultValue ?? key;
    },
    interpolation: { escapeValue: false },
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
    react: { useSuspense: true },
  });
  return instance;
}
