import sanitizeHtml from 'sanitize-html';

/**
 * Operator-written html (conditions, agreements, banners) made safe before it leaves the
 * server: formatting tags, images and links only; no scripts, event handlers, styles, forms
 * or frames; links open outside the app. The same allow-list as the client's
 * src/client/format/safeHtml.ts, which sanitises again where it renders (defence in depth).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'span', 'div', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'td', 'th', 'blockquote', 'hr'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'title'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http', 'data'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
};

export const sanitizeOperatorHtml = (html: string): string => sanitizeHtml(html, OPTIONS);
