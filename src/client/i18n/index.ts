import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import th from '../../../locales/th.json';
import la from '../../../locales/la.json';
import en from '../../../locales/en.json';
import { LOCALES, type Locale } from '../../contract';
import { readLocal, STORAGE_KEYS, writeLocal } from '../auth/storage';
import { http } from '../api/http';
import { htmlLang, initialLocale, isLocale } from './locale';

export const resources = {
  th: { translation: th },
  la: { translation: la },
  en: { translation: en },
} as const;

const applyToDocument = (locale: Locale) => {
  document.documentElement.lang = htmlLang(locale);
  // Operator texts (bonus banners, promotions) are answered in the member's language.
  http.defaults.headers.common['Accept-Language'] = locale;
  document.title = i18next.t('app.name');
};

/** Sets up i18next once, before the first render; all three locales are bundled (they are small). */
export const setupI18n = () => {
  const locale = initialLocale(import.meta.env.VITE_COUNTRY, readLocal(STORAGE_KEYS.locale));
  i18next.on('languageChanged', (lng) => {
    if (isLocale(lng)) applyToDocument(lng);
  });
  void i18next.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: [...LOCALES],
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  applyToDocument(locale);
  return i18next;
};

/** The member's choice of language, remembered across visits. */
export const changeLocale = async (locale: Locale) => {
  writeLocal(STORAGE_KEYS.locale, locale);
  await i18next.changeLanguage(locale);
};

export const currentLocale = (lng: string): Locale => (isLocale(lng) ? lng : 'th');
