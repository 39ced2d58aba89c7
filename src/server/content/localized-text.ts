import { z } from 'zod';
import { LOCALES, type Locale } from '../../contract';

/**
 * Operator content written once per language: `{ th: ..., la: ..., en: ... }`, any of them
 * missing. Every operator text (agreement, conditions, contact, notice, bank names, sources,
 * banners) is stored in this shape and answered in the caller's language by `pickLanguage`.
 */
export type LocalizedText<T = string> = Partial<Record<Locale, T>>;

/** The shape of a LocalizedText in a setting, for checking what the back office writes. */
export const localizedText = <T extends z.ZodType>(value: T) =>
  z.object({ th: value.optional(), la: value.optional(), en: value.optional() }).strict();

const isLocalized = (value: unknown): value is LocalizedText<unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value) &&
  Object.keys(value).length > 0 && Object.keys(value).every((key) => (LOCALES as readonly string[]).includes(key));

/**
 * Reads a setting that may still hold a single text from before texts had languages (a plain
 * string, list or object): that text is taken to be in `writtenIn`, the country's language.
 */
export const asLocalized = <T>(value: T | LocalizedText<T>, writtenIn: Locale): LocalizedText<T> =>
  isLocalized(value) ? (value as LocalizedText<T>) : ({ [writtenIn]: value } as LocalizedText<T>);

const present = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/**
 * The text in `language`, else the first of `fallback` that exists, else any text there is
 * (a text in some language beats an empty screen), else `empty`.
 */
export function pickLanguage<T>(text: LocalizedText<T> | undefined, language: Locale, fallback: readonly Locale[], empty: T): T {
  if (!text) return empty;
  for (const candidate of [language, ...fallback, ...LOCALES]) {
    const value = text[candidate];
    if (present(value)) return value as T;
  }
  return empty;
}
