import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Country, Locale } from '../../contract';
import { localLanguage } from './content-languages';
import { pickLanguage, type LocalizedText } from './localized-text';

/**
 * The language a caller reads, from its Accept-Language header. The wallet client sets the
 * header on every call from i18next's language (src/client/api/http.ts); a browser's own
 * header works too. Lao is 'lo' in BCP 47 and 'la' in the product (and 'la' is accepted as
 * sent): both mean Lao here. Ranges are taken in order of their q-values; region subtags
 * (th-TH, en-US) count as their language. Undefined when no range names one of our languages.
 */
export function languageOfHeader(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((range) => range.tag && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranges) {
    const primary = tag.split('-')[0];
    if (primary === 'th') return 'th';
    if (primary === 'lo' || primary === 'la') return 'la';
    if (primary === 'en') return 'en';
  }
  return undefined;
}

export const languageOf = (request: Pick<FastifyRequest, 'headers'>): Locale | undefined => {
  const header = request.headers['accept-language'];
  return languageOfHeader(Array.isArray(header) ? header[0] : header);
};

/** The caller's language for an answer that depends on it; the answer says so for caches. */
export const callerLanguage = (ctx: { request: Pick<FastifyRequest, 'headers'>; reply: FastifyReply }): Locale | undefined => {
  ctx.reply.header('vary', 'Accept-Language');
  return languageOf(ctx.request);
};

/** The language to answer in: the caller's Accept-Language, else the country's own language. */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>, country: Country): Locale {
  return languageOf(request) ?? localLanguage(country);
}

/** The text in `language`, else English, else whatever the operator wrote. */
export const pickText = (text: LocalizedText, language: Locale): string => pickLanguage(text, language, ['en'], '');
