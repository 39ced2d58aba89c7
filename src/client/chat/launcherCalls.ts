import { TIMEOUTS } from '../../contract/constants';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../contract/endpoint';
import { callLanguage, messageOf } from '../api/answers';
import { followMessage } from '../api/memberSession';
import { getToken } from '../auth/storage';
import { storedChatGuestId } from './guestId';

/** The paths of the contract's lookupEnableChatWidget and chatUnread (tests/client/chatLauncherCalls.test.ts keeps them in step). */
export const CHAT_SWITCH_PATH = '/api/lookup/enableChatWidget';
export const CHAT_UNREAD_PATH = '/api/chat/unread';

/** Whose chat the button stands for: the member's (the token) or this device's guest's. */
export type ChatCustomerKind = 'member' | 'guest';

/**
 * One call for the chat button, with fetch rather than the axios instance: the button is on every
 * page, /login included, whose first download holds neither axios nor the contract's schemas
 * (issue 18). It sends what every call sends and follows the answer as every call does
 * ('gone' to /terminated, a refused token to /login).
 */
async function ask(path: string, init: { method: 'GET' | 'POST'; body?: object; token?: string | null }): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json', [CLIENT_HEADER]: CLIENT_HEADER_VALUE, 'cache-control': 'no-cache' };
  const language = callLanguage();
  if (language) headers['accept-language'] = language;
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method: init.method,
    headers,
    body: init.body ? JSON.stringify(init.body) : undefined,
    cache: 'no-store',
    signal: AbortSignal.timeout(TIMEOUTS.requestMs),
  });
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    followMessage(messageOf(data));
    throw new Error(messageOf(data) ?? `HTTP ${response.status}`);
  }
  return data;
}

/** Whether the operator has the chat on (the enableChatWidget lookup). */
export async function readChatSwitch(): Promise<boolean> {
  const data = await ask(CHAT_SWITCH_PATH, { method: 'GET' });
  return Boolean(data && typeof data === 'object' && (data as { enableChatWidget?: unknown }).enableChatWidget === true);
}

/**
 * How many of the site's messages wait unread for this customer. A guest who never chatted has
 * none, and is not given a guest id by asking.
 */
export async function readChatUnread(kind: ChatCustomerKind): Promise<number> {
  const token = kind === 'member' ? getToken() : null;
  const guestId = kind === 'guest' ? storedChatGuestId() : null;
  if (!token && !guestId) return 0;
  const data = await ask(CHAT_UNREAD_PATH, { method: 'POST', token, body: guestId ? { guestId } : {} });
  const unread = data && typeof data === 'object' ? (data as { unread?: unknown }).unread : undefined;
  return typeof unread === 'number' && Number.isInteger(unread) && unread >= 0 ? unread : 0;
}
