import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import type { Locale } from '../../../contract';

/** Operator text in each language of the product. */
export type Localized = Partial<Record<Locale, string>>;

/** The text in the language, falling back to English, then to any language given. */
export function localized(text: unknown, language: Locale): string {
  if (typeof text === 'string') return text;
  if (!text || typeof text !== 'object') return '';
  const byLanguage = text as Localized;
  return byLanguage[language] ?? byLanguage.en ?? Object.values(byLanguage).find((v) => typeof v === 'string') ?? '';
}

// The same allow-list as the client's sanitiser (src/client/format/safeHtml.ts): formatting
// tags and links only; no scripts, event handlers, styles, forms or frames.
const ALLOWED_TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'span', 'div', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'td', 'th', 'blockquote', 'hr'];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'target', 'rel', 'colspan', 'rowspan'];

let purifier: ReturnType<typeof createDOMPurify> | undefined;

/**
 * Operator html made safe on the server, before any client sees it: a banner whose html holds
 * a script answers without it. Links open outside the app.
 */
export function sanitizeOperatorHtml(html: string): string {
  if (!purifier) {
    purifier = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
  }
  return purifier.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}

export interface StoredBanner {
  image: string;
  html: unknown;
}

/**
 * Banners as the contract answers them: one language, amounts filled in the member's currency
 * by `fill` (the rule's figures), html sanitised.
 */
export function bannersIn(banners: unknown, language: Locale, fill: (text: string) => string = (text) => text): { image: string; html: string }[] {
  if (!Array.isArray(banners)) return [];
  return (banners as StoredBanner[]).map((b) => ({ image: String(b.image ?? ''), html: sanitizeOperatorHtml(fill(localized(b.html, language))) }));
}
