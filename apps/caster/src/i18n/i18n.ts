import { type Language, languages } from '@fixpoint/shared';
import i18next, { type TFunction } from 'i18next';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };

/**
 * The caster's human-facing texts (the page a browser gets) in en, nl and de, through i18next like the server's and
 * the web's (docs/decisions/0049). NTRIP replies themselves stay as the protocol words them.
 */
export const casterTranslations = { en, nl, de };

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { translation: en }, nl: { translation: nl }, de: { translation: de } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...languages],
  initAsync: false,
  // Values are escaped where the HTML is built (escapeHtml), so i18next must not escape them twice.
  interpolation: { escapeValue: false },
});

export const textsIn = (language: Language): TFunction => i18n.getFixedT(language);
