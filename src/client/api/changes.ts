import { endpoints } from '../../contract';
import type { Endpoint } from '../../contract/endpoint';

/**
 * SPEC's GET calls that change money or state (ARCHITECTURE.md, Money): receiving a bonus, a
 * promotion, the invite bonus or a refund, ending a bonus, opening a game account, resetting its
 * password.
 */
const CHANGING_GETS: ReadonlySet<Endpoint> = new Set<Endpoint>([
  endpoints.bonusActivate,
  endpoints.bonusClear,
  endpoints.promotionActivate,
  endpoints.inviteBonus,
  endpoints.refundReceive,
  endpoints.refundAddWallet,
  endpoints.walletActivate,
  endpoints.walletResetPassword,
]);

/**
 * Whether a call may change something on the server: every call but a GET, and the GETs above.
 * While the browser is offline such a call is refused before it is sent (./http.ts, issue 32), so
 * the member reads "nothing was sent" rather than an outcome nobody knows.
 */
export const changesSomething = (endpoint: Pick<Endpoint, 'method'>): boolean =>
  endpoint.method !== 'GET' || CHANGING_GETS.has(endpoint as Endpoint);
