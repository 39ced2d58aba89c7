import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '../../contract/constants';
import { knownSiteName } from '../api/siteInfo';
import { hasToken, readLocal, STORAGE_KEYS, writeLocal } from '../auth/storage';
import { fetchStrings, loadAllStrings, loadStrings, markAdded } from './catalogues';
import { htmlLang, initialLocale, isLocale } from './locale';
import { wantsLightData } from '../ui/lightData';
import { manifestHref } from '../pwa/webManifest';

export { currentLocale } from './locale';
export { loadAllStrings } from './catalogues';

const applyToDocument = (locale: Locale) => {
  document.documentElement.lang = htmlLang(locale);
  // The operator's site name (GET /api/lookup/info) once read; the app's own words until then.
  document.title = knownSiteName() ?? i18next.t('app.name');
  // Search engines and link previews read the description; index.html carries the Thai one.
  document.querySelector('meta[name="description"]')?.setAttribute('content', i18next.t('app.tagline'));
  // The installed app's name in the member's language (issue 32): the manifest of that language.
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestHref(locale));
};

/**
 * Sets up i18next once, before the first render, with the start of the member's language only;
 * the rest and the other languages load on demand (./catalogues.ts). Calls send the language
 * themselves (api/answers.ts).
 */
export const setupI18n = async () => {
  const locale = initialLocale(import.meta.env.VITE_COUNTRY, readLocal(STORAGE_KEYS.locale));
  // A member page needs the rest of the strings as well (withAllStrings): both parts at once.
  if (location.pathname.startsWith('/user') && hasToken()) void fetchStrings(locale, 'rest').catch(() => undefined);
  const translation = await fetchStrings(locale, 'start');
  i18next.on('languageChanged', (lng) => {
    if (isLocale(lng)) applyToDocument(lng);
  });
  await i18next.use(initReactI18next).init({
    resources: { [locale]: { translation } },
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: [...LOCALES],
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  markAdded(locale, 'start');
  applyToDocument(locale);
  return i18next;
};

/**
 * The member's choice of language, remembered across visits. Its strings arrive first, so the
 * page changes language in one step, never through raw keys.
 */
export const changeLocale = async (locale: Locale) => {
  await loadStrings(locale);
  writeLocal(STORAGE_KEYS.locale, locale);
  await i18next.changeLanguage(locale);
};

/**
 * The language menu is open: fetch the other languages' strings while the member chooses, unless
 * the phone asks to save data (then a language's strings come when it is chosen).
 */
export const preloadLocales = () => {
  if (wantsLightData()) return;
  for (const locale of LOCALES) void loadStrings(locale).catch(() => undefined);
};

/**
 * A page behind a lazy route renders once its module and every section of the language are
 * here: `lazy(withAllStrings(() => import('./Page')))`.
 */
export const withAllStrings =
  <T,>(load: () => Promise<T>) =>
  async (): Promise<T> => {
    const [module] = await Promise.all([load(), loadAllStrings()]);
    return module;
  };
