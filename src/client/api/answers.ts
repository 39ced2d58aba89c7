import i18next from 'i18next';
import { clearToken } from '../auth/storage';
import { htmlLang, isLocale } from '../i18n/locale';
import { requestNavigation } from './navigation';

/**
 * What every call sends and how every answer moves the member, shared by the axios instance
 * (./http.ts) and the login page's service check (./serviceCheck.ts).
 */

/**
 * Server messages that end the member's session. 'invalid-token' is the token check itself;
 * UNAUTHORIZED and EXPIRED_AUTH_TOKEN are the catalogue's "cannot verify identity" messages,
 * which SPEC section 8 also sends to /login.
 */
const SESSION_ENDED = new Set(['invalid-token', 'UNAUTHORIZED', 'EXPIRED_AUTH_TOKEN']);

/** The `{ message }` of an answer's body, when it has one. */
export const messageOf = (data: unknown): string | undefined => {
  if (data && typeof data === 'object' && 'message' in data) {
    const { message } = data as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
};

/** Reacts to the answers that move the member elsewhere, wherever the call came from. */
export const followMessage = (message: string | undefined) => {
  if (message === 'gone') {
    requestNavigation('/terminated');
  } else if (message && SESSION_ENDED.has(message)) {
    clearToken();
    requestNavigation('/login');
  }
};

/**
 * The server answers operator texts, bank names and the OTP SMS in this language
 * (src/server/content): th, lo (Lao's real tag) or en, from i18next's current language.
 */
export const callLanguage = (): string | undefined => (isLocale(i18next.language) ? htmlLang(i18next.language) : undefined);
