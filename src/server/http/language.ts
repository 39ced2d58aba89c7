import type { FastifyRequest } from 'fastify';
import type { Country, Locale } from '../../contract';
import { localLanguage } from '../content/content-languages';
import { pickLanguage, type LocalizedText as ContentText } from '../content/localized-text';
import { languageOf } from '../content/request-language';

/** The languages operator texts are written in: the content module's (src/server/content). */
export type Language = Locale;
export type LocalizedText = ContentText;

/**
 * The language to answer operator texts in: the caller's Accept-Language as the content module
 * reads it, else the country's own language.
 */
export function requestLanguage(request: FastifyRequest, country: Country): Language {
  return languageOf(request) ?? localLanguage(country);
}

/** The text in `language`, else English, else whatever the operator wrote (the content module's pick). */
export const pickText = (text: LocalizedText, language: Language): string => pickLanguage(text, language, ['en'], '');
