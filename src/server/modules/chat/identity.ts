import type { FastifyRequest } from 'fastify';
import { refuse } from '../../errors';
import { bearerToken, requireClientMarker, type Authenticator } from '../../http/member-guard';

/** Who is chatting: a member (by the bearer token) or a guest (by the id the browser made). */
export type ChatCustomer = { kind: 'member'; memberId: number } | { kind: 'guest'; guestId: string };

/**
 * A guest id is made by the browser from crypto randomness (SPEC section 6); anyone who knows
 * it reads that guest's conversation, so a short or guessable one is refused.
 */
export const GUEST_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The conversation a request speaks for. With a bearer token it is the member's, whatever the
 * body says; a bad token (or an Authorization header that is not exactly `Bearer <token>`) is
 * 'invalid-token'. Without one, a userId is refused (reading a member's
 * conversation needs their token) and a guest id is required. Guests and members live in
 * separate columns and rooms, so no guest id can name a member's conversation.
 */
export async function customerOf(
  request: FastifyRequest,
  authenticate: Authenticator,
  claimed: { userId?: string; guestId?: string },
): Promise<ChatCustomer> {
  const token = bearerToken(request);
  // A malformed Authorization header is a failed member login, never a quiet fall back to a guest.
  if (!token && request.headers.authorization !== undefined) refuse('invalid-token');
  if (token) {
    requireClientMarker(request);
    const member = await authenticate(token);
    if (!member) refuse('invalid-token');
    return { kind: 'member', memberId: member!.memberId };
  }
  if (claimed.userId) refuse('invalid-token', 'a member conversation needs the member token');
  if (!claimed.guestId || !GUEST_ID.test(claimed.guestId)) refuse('INVALID_INPUT', 'a guest id of 16 to 64 letters, digits, _ or - is required');
  return { kind: 'guest', guestId: claimed.guestId! };
}

/** The realtime room of one customer: members and guests in separate name spaces. */
export const customerRoom = (prefix: string, customer: ChatCustomer) =>
  customer.kind === 'member' ? `${prefix}member:${customer.memberId}` : `${prefix}guest:${customer.guestId}`;

/**
 * The room of the back office's chat pages: told which conversation changed (a customer's message,
 * an answer, a read mark, an ended session), never what it says; each page reads it through the
 * operator API, which checks the role.
 */
export const consoleRoom = (prefix: string) => `${prefix}operators`;
