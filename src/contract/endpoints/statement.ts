import { z } from 'zod';
import { endpoint } from '../endpoint';
import { STATEMENT_TYPES, WITHDRAWAL_REJECT_REASONS } from '../constants';
import { amountOutput } from '../money';
import { idParam, isoDate, listPageRequest, nextCursor } from './common';

const tag = 'statement';

/** The bonus, promotion, invite, refund or lucky draw a statement row comes from. */
const linked = z.object({ description: z.string() }).optional();

export const statementRow = z.object({
  _id: z.string(),
  statementType: z.enum(STATEMENT_TYPES),
  status: z.string().describe('SUCCESS, FAILED, anything else is in progress'),
  from: z.string().nullable(),
  to: z.string().nullable(),
  amount: amountOutput,
  createdAt: isoDate,
  bonus: linked,
  promotion: linked,
  invite: linked,
  refund: linked,
  luckydraw: linked,
  reason: z.object({
    code: z.enum(WITHDRAWAL_REJECT_REASONS),
    text: z.string().nullable().describe("the operator's own words, plain text (never html)"),
  }).optional().describe('a refused withdrawal: why, as the operator or the bank gave it'),
});

export const slip = z.object({
  _id: z.string(),
  createdAt: isoDate,
  amount: amountOutput.nullable().describe('null until the slip is read'),
  status: z.string().describe('SUCCESS, FAILED, anything else is in progress'),
  note: z.string().nullable().describe('failure reason code (SPEC section 8, slip reason codes)'),
  link: z.string().nullable().describe("the API path that answers the image's url (owner only): GET /api/statement/slip/reference/{reference or _id}"),
  reference: z.string().nullable(),
});

export const statementList = endpoint({
  method: 'POST', path: '/api/statement', access: 'member', tag,
  summary: "A page of the member's statement, newest first",
  body: listPageRequest,
  response: z.object({ total: z.number().int(), statements: z.array(statementRow), cursor: nextCursor }),
});

export const statementSlips = endpoint({
  method: 'POST', path: '/api/statement/slip', access: 'member', tag,
  summary: "A page of the member's uploaded slips and their status, newest first",
  body: listPageRequest,
  response: z.object({ total: z.number().int(), slips: z.array(slip), cursor: nextCursor }),
});

export const statementSlipReference = endpoint({
  method: 'GET', path: '/api/statement/slip/reference/:reference', access: 'member', tag,
  summary: "The url of a slip's image (a data URL, owner only), by its transaction reference or its _id",
  params: z.object({ reference: idParam }),
  response: z.object({ url: z.string() }),
});

export const statementEndpoints = { statementList, statementSlips, statementSlipReference };
