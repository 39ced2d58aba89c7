import { z } from 'zod';
import { ERROR_CODES } from '../errors';
import { amountOutput } from '../money';

/** Shapes shared by several areas of the API. */

/** A date and time in a response: an ISO 8601 string. */
export const isoDate = z.string().describe('ISO 8601 date-time');

/** A refusal: an HTTP status and `{ message: CODE }` (SPEC section 8). */
export const errorBody = z.object({
  message: z.enum(ERROR_CODES),
  until: z.string().nullable().optional().describe('safer play: when a restriction ends (ON_BREAK, SELF_EXCLUDED, SESSION_LIMIT_REACHED); null: for good'),
  remaining: z.number().optional().describe('safer play: what a limit still allows (DEPOSIT_LIMIT_REACHED, LOSS_LIMIT_REACHED)'),
});

/** The plain success answer of a call that has nothing else to return. */
export const ok = z.object({ message: z.literal('OK') });

/** Body of the paged list calls (invite, refund, statement, slip). */
export const pageRequest = z.object({
  page: z.number().int().min(1),
  limit: z.number().int().min(1).max(100),
});

/**
 * Body of a member's list that also takes a cursor: SPEC's page and limit, or the `cursor` the
 * previous page answered (then `page` is ignored), which keeps deep pages cheap and stable
 * while new rows arrive.
 */
export const listPageRequest = pageRequest.extend({
  cursor: z.string().min(1).max(200).optional().describe("the previous page's cursor: the page after it"),
});

/** The cursor a list page answers: pass it back for the next page; null on the last page. */
export const nextCursor = z.string().nullable().describe('the next page, as `cursor` in the next request; null on the last page');

/** The main wallet's balance, returned after every call that moves money. */
export const walletBalance = z.object({ amount: amountOutput });

/** A banner of the invite and refund carousels. */
export const banner = z.object({ image: z.string(), html: z.string() });

/** A short code in a path (bank, game, bonus, promotion): letters, digits, '_' and '-'. */
export const codeParam = z.string().min(1).max(50).regex(/^[A-Za-z0-9_-]+$/);

/** An id or reference in a path. */
export const idParam = z.string().min(1).max(100);
