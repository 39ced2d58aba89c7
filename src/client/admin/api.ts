import { callLanguage } from '../api/answers';
import { createHttp } from '../api/http';

/**
 * The console's client, made by the member app's factory (src/client/api/http.ts): the same
 * headers, language and error codes, but the operator's token (never the member's), kept for
 * this browser tab only, and its own reaction to an ended session (back to /admin/login).
 */
const TOKEN_KEY = 'operatorToken';

export const operatorToken = {
  get: (): string | null => { try { return sessionStorage.getItem(TOKEN_KEY); } catch { return null; } },
  set: (token: string) => { try { sessionStorage.setItem(TOKEN_KEY, token); } catch { /* storage off: the session lasts this page */ } },
  clear: () => { try { sessionStorage.removeItem(TOKEN_KEY); } catch { /* nothing stored */ } },
};

let onSessionEnded: () => void = () => undefined;
export const whenSessionEnds = (listener: () => void) => { onSessionEnded = listener; };

/** Exported for tests, which answer its calls through the instance's adapter. */
export const consoleHttp = createHttp({
  tokenSource: operatorToken.get,
  onSessionEnd: (end) => {
    // The member service switch does not apply to operators (they must be able to turn it back
    // on), so only a token the server no longer accepts ends the operator's session.
    if (end !== 'signedOut') return;
    operatorToken.clear();
    onSessionEnded();
  },
  language: callLanguage,
});

/** Calls one back-office endpoint of the contract as the signed-in operator; the answer is checked against its schema. */
export const adminCall = consoleHttp.call;
