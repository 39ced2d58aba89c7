import type { FastifyRequest } from 'fastify';
import type { Country } from '../../contract';
import { languageOf } from '../content/request-language';

export type Language = 'th' | 'la' | 'en';
export type LocalizedText = Record<Language, string>;

/**
 * The language to answer operator texts in: the caller's Accept-Language as the content module
 * reads it (src/server/content/request-language.ts), else the country's own language.
 */
export function requestLanguage(request: FastifyRequest, country: Country): Language {
  return languageOf(request) ?? (country === 'LA' ? 'la' : 'th');
}

/** The text in `language`, else English, else whatever the operator wrote. */
export const pickText = (text: Partial<LocalizedText>, language: Language): string =>
  text[language] || text.en || text.th || text.la || '';
