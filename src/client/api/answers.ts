import i18next from 'i18next';
import { htmlLang, isLocale } from '../i18n/locale';

/**
 * How an answer is read, the same for the member app and the console: its `{ message }`, and
 * whether it ends the caller's session. What an ended session does differs per app (the
 * `onSessionEnd` given to createHttp in ./http.ts; the member's in ./memberSession.ts).
 */

/** Why a session ended: the service is switched off (410 'gone'), or the token is no longer good. */
export type SessionEnd = 'serviceGone' | 'signedOut';

/**
 * Server messages that end the session. 'invalid-token' is the token check itself;
 * UNAUTHORIZED and EXPIRED_AUTH_TOKEN are the catalogue's "cannot verify identity" messages,
 * which SPEC section 8 also sends to the login page.
 */
const SIGNED_OUT = new Set(['invalid-token', 'UNAUTHORIZED', 'EXPIRED_AUTH_TOKEN']);

/** The `{ message }` of an answer's body, when it has one. */
export const messageOf = (data: unknown): string | undefined => {
  if (data && typeof data === 'object' && 'message' in data) {
    const { message } = data as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
};

/** Whether an answer's message ends the session, and why. */
export const sessionEndOf = (message: string | undefined): SessionEnd | null => {
  if (message === 'gone') return 'serviceGone';
  if (message && SIGNED_OUT.has(message)) return 'signedOut';
  return null;
};

/**
 * The server answers operator texts, bank names and the OTP SMS in this language
 * (src/server/content): th, lo (Lao's real tag) or en, from i18next's current language. The
 * member app and the console share one i18next, so both send the language shown.
 */
export const callLanguage = (): string | undefined => (isLocale(i18next.language) ? htmlLang(i18next.language) : undefined);
