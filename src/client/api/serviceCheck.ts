import { TIMEOUTS } from '../../contract/constants';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../contract/endpoint';
import { callLanguage, messageOf } from './answers';
import { followMessage } from './memberSession';

/** The path of the contract's lookupActive (tests/client/serviceCheck.test.ts keeps the two in step). */
export const SERVICE_ACTIVE_PATH = '/api/lookup/active';

/** What the service said of itself: it runs, it is switched off, or no readable answer came. */
export type ServiceState = 'active' | 'gone' | 'unknown';

/**
 * Asks the server, never a cache, whether the service runs. `cache: 'no-store'` keeps the
 * browser from answering with a 410 it kept from before the service reopened (issue 27), and the
 * no-cache header tells any cache on the way the same. It sends what every call sends.
 */
export async function readServiceState(): Promise<{ state: ServiceState; message: string | undefined }> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
    'cache-control': 'no-cache',
    pragma: 'no-cache',
  };
  const language = callLanguage();
  if (language) headers['accept-language'] = language;
  const response = await fetch(SERVICE_ACTIVE_PATH, { headers, cache: 'no-store', signal: AbortSignal.timeout(TIMEOUTS.requestMs) });
  const message = messageOf(await response.json().catch(() => undefined));
  const state: ServiceState = response.ok && message === 'OK' ? 'active' : message === 'gone' ? 'gone' : 'unknown';
  return { state, message };
}

/**
 * SPEC section 2: on /login, ask whether the service still runs. It is the one call the login
 * page makes before the member does anything, so it goes out with fetch rather than through the
 * axios instance: axios and the contract's schemas arrive when the member starts to log in
 * (./onDemand.ts), which keeps the login page inside its JavaScript budget (issue 18). It follows
 * the answer as every call does ('gone' goes to /terminated). Resolves the state it heard.
 */
export async function askServiceActive(): Promise<ServiceState> {
  const { state, message } = await readServiceState();
  followMessage(message);
  return state;
}

/**
 * SPEC section 2: the login page asks, then goes to /terminated on 'gone' and "otherwise clears
 * the body style" (what a closed page or an open dialog may have left on it): on every answer
 * but 'gone', whatever else it says, and when no answer comes at all, since a page the member
 * cannot scroll is worse than one the service check did not reach.
 */
export async function checkServiceOnLogin(body: HTMLElement = document.body): Promise<ServiceState | 'unreachable'> {
  const state = await askServiceActive().catch(() => 'unreachable' as const);
  if (state !== 'gone') body.removeAttribute('style');
  return state;
}
