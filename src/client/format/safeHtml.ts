import DOMPurify from 'dompurify';
import { joinLaoWords } from './laoWords';

/**
 * Operator-written html (conditions, bonus and promotion descriptions, banners) made safe to
 * put into the page: formatting tags and links only; no scripts, event handlers, styles,
 * forms or frames, and links open outside the app. Lao words the browser's dictionary would cut
 * are kept whole (./laoWords.ts).
 */
const ALLOWED_TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'span', 'div', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'td', 'th', 'blockquote', 'hr'];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'target', 'rel', 'colspan', 'rowspan'];

let hooked = false;

export function sanitizeOperatorHtml(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return joinLaoWords(DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false }));
}
