import { adminConfigUploadImage } from '../../contract/admin/configEndpoints';
import { TIMEOUTS } from '../../contract/constants';
import { callLanguage } from '../api/answers';
import { connectivity } from '../api/connectivity';
import { ApiError, CLIENT_ERROR_CODES } from '../api/errors';
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
  connection: connectivity,
});

/** Calls one back-office endpoint of the contract as the signed-in operator; the answer is checked against its schema. */
export const adminCall = consoleHttp.call;

/** A file the console shows (a chat upload): its bytes, fetched with the operator's token. */
export const adminFile = (path: string) => consoleHttp.axios.request<unknown, Blob>({ method: 'GET', url: path, responseType: 'blob' });

/** Uploads one file (multipart, field `file`) to a back-office endpoint and returns the path it answers. */
export async function adminUpload(path: string, file: File, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await consoleHttp.axios.request<unknown, { path?: unknown }>({ method: 'POST', url: path, data: form, timeout: TIMEOUTS.chatUploadMs, signal });
  if (typeof answer?.path !== 'string') throw new ApiError(CLIENT_ERROR_CODES.invalidResponse);
  return answer.path;
}

/** Uploads a banner image (png, jpeg, webp or gif) and returns its public address, as the contract answers it. */
export async function adminUploadImage(file: File, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await consoleHttp.axios.request<unknown, unknown>({ method: 'POST', url: adminConfigUploadImage.path, data: form, timeout: TIMEOUTS.chatUploadMs, signal });
  const parsed = adminConfigUploadImage.response.safeParse(answer);
  if (!parsed.success) throw new ApiError(CLIENT_ERROR_CODES.invalidResponse);
  return parsed.data.image;
}
