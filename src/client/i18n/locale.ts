import { LOCALES, type Locale } from '../../contract/constants';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** i18next's language as one of ours (Thai before setup has named one). */
export const currentLocale = (lng: string | undefined): Locale => (isLocale(lng) ? lng : 'th');

/** SPEC section 1: Lao for the Laos build, otherwise Thai; a stored choice overrides both. */
export const initialLocale = (country: string | undefined, stored: string | null): Locale => {
  if (isLocale(stored)) return stored;
  return country?.toUpperCase() === 'LA' ? 'la' : 'th';
};

/**
 * The product calls Lao 'la', but in HTML and BCP 47 'la' is Latin and Lao is 'lo'.
 * The document gets the real tag so browsers pick Lao fonts, line breaking and speech.
 */
export const htmlLang = (locale: Locale): string => (locale === 'la' ? 'lo' : locale);
