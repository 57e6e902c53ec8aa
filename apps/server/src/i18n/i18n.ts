import { isLanguage, type Language, languages, pickLanguage } from '@fixpoint/shared';
import i18next, { type TFunction } from 'i18next';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };

/**
 * The texts the server writes for people (e-mails, invoice PDFs) in en, nl and de, through i18next as the web does
 * (docs/decisions/0049): the same `{{variable}}` syntax, plurals and English fallback, checked by the same test.
 */
export const serverTranslations = { en, nl, de };

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { translation: en }, nl: { translation: nl }, de: { translation: de } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...languages],
  initAsync: false,
  // Plain text and PDF: nothing is HTML, so nothing is escaped.
  interpolation: { escapeValue: false },
});

export type Texts = TFunction;

/** The texts in one language. */
export const textsIn = (language: Language): Texts => i18n.getFixedT(language);

/**
 * Whom the server writes to in which language: the brand's static language if it has one (the portal speaks only
 * that), else the language the person chose (stored on their user), else the one their request asked for
 * (Accept-Language), else English.
 */
export function recipientLanguage({
  staticLanguage,
  stored,
  acceptLanguage,
}: {
  staticLanguage?: Language | undefined;
  stored?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
}): Language {
  return staticLanguage ?? (isLanguage(stored) ? stored : undefined) ?? pickLanguage(acceptLanguage) ?? 'en';
}

const locales: Record<Language, string> = { en: 'en-GB', nl: 'nl-NL', de: 'de-DE' };

/** A moment as people of that language write it, in UTC (the server does not know the reader's zone). */
export const formatDateTime = (date: Date, language: Language) =>
  `${new Intl.DateTimeFormat(locales[language], { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;

/** A day as people of that language write it. */
export const formatDate = (date: Date, language: Language) =>
  new Intl.DateTimeFormat(locales[language], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
