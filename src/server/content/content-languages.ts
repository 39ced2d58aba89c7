import { LOCALES, type Country, type Locale } from '../../contract';
import type { Settings } from '../settings/settings';
import { asLocalized, pickLanguage, type LocalizedText } from './localized-text';

/** The language operator texts are first written in: the country's own. */
export const localLanguage = (country: Country): Locale => (country === 'LA' ? 'la' : 'th');

/** Until the operator sets `content.fallback.<COUNTRY>`: the country's language, then English, then the other. */
export const defaultFallback = (country: Country): Locale[] => (country === 'LA' ? ['la', 'en', 'th'] : ['th', 'en', 'la']);

/** Picks operator texts for one caller: their language, then the operator's fallback order. */
export interface ContentReader {
  /** The language answered when the text exists in it. */
  language: Locale;
  pick<T>(text: T | LocalizedText<T> | undefined, empty: T): T;
}

/**
 * The operator's language settings: `content.fallback.<COUNTRY>`, a list of languages tried in
 * order when a text does not exist in the caller's language; a caller that names no language
 * of ours reads the first of them.
 */
export class ContentLanguages {
  readonly local: Locale;

  constructor(private readonly settings: Settings, private readonly country: Country) {
    this.local = localLanguage(country);
  }

  async fallback(): Promise<Locale[]> {
    const order = await this.settings.get<unknown>(`content.fallback.${this.country}`, defaultFallback(this.country));
    const valid = Array.isArray(order) ? order.filter((l): l is Locale => (LOCALES as readonly unknown[]).includes(l)) : [];
    return valid.length ? valid : defaultFallback(this.country);
  }

  async reader(language: Locale | undefined): Promise<ContentReader> {
    const fallback = await this.fallback();
    const chosen = language ?? fallback[0];
    return {
      language: chosen,
      pick: <T>(text: T | LocalizedText<T> | undefined, empty: T) =>
        text === undefined ? empty : pickLanguage(asLocalized(text, this.local), chosen, fallback, empty),
    };
  }
}
