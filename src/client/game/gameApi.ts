import { CLIENT_HEADER, CLIENT_HEADER_VALUE, endpoints, TIMEOUTS, type Endpoint, type ResponseOf } from '../../contract';
import { ApiError, CLIENT_ERROR_CODES } from '../api/errors';

/**
 * The demo game's calls to its provider. The game page stands for the provider's own site: it
 * sends no member token, and its `invalid-token` (an expired game link) must not end the
 * member's wallet session, so it does not go through the wallet's api layer. Answers are still
 * checked against the contract.
 */
async function send<E extends Endpoint>(endpoint: E, init: { query?: Record<string, string>; body?: unknown }): Promise<ResponseOf<E>> {
  const url = `${endpoint.path}${init.query ? `?${new URLSearchParams(init.query)}` : ''}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(TIMEOUTS.requestMs),
    });
  } catch (error) {
    throw new ApiError(error instanceof DOMException && error.name === 'TimeoutError' ? CLIENT_ERROR_CODES.timeout : CLIENT_ERROR_CODES.network);
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : undefined;
    throw new ApiError(message ?? (response.status >= 500 ? 'INTERNAL_SERVER_ERROR' : CLIENT_ERROR_CODES.invalidResponse), response.status);
  }
  const parsed = endpoint.response.safeParse(data);
  if (!parsed.success) throw new ApiError(CLIENT_ERROR_CODES.invalidResponse, response.status);
  return parsed.data as ResponseOf<E>;
}

export const loadGameSession = (token: string) => send(endpoints.sandboxGameSession, { query: { t: token } });
export const spinReels = (token: string, stake: number) => send(endpoints.sandboxGameSpin, { body: { t: token, stake } });
