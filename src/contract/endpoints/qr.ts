import { z } from 'zod';
import { endpoint } from '../endpoint';
import { QR_PROVIDERS } from '../constants';
import { ARRIVAL_REASONS } from '../admin/roles';
import { amountInput, amountOutput } from '../money';
import { idParam, isoDate, ok, walletBalance } from './common';

const tag = 'qrcode';

/** The member's current deposit QR code with one provider, or why there is none. */
export const qrRecord = z.discriminatedUnion('hasQrcode', [
  z.object({
    hasQrcode: z.literal(true),
    qrcodeId: z.string(),
    qrcode: z.string().describe('image markup of the code (EMVCo / PromptPay payload for bank QR)'),
    amount: amountOutput,
    expireIn: isoDate.describe('when the code expires'),
    refresh: z.boolean().optional().describe('true once after a code was created with another provider: show this code afresh'),
  }),
  z.object({
    hasQrcode: z.literal(false),
    message: z.string().optional().describe('why creating the code failed; absent when there is simply no code'),
    remaining: amountOutput.optional().describe('DEPOSIT_LIMIT_REACHED: what the lowest deposit limit still allows'),
    until: isoDate.nullable().optional().describe('ON_BREAK, SELF_EXCLUDED: when the pause ends (null: for good)'),
    paid: z
      .object({ qrcodeId: z.string(), amount: amountOutput, wallet: walletBalance })
      .optional()
      .describe("GET: the member's last paid code with this provider and the wallet balance now, so a client showing that code can say it was paid"),
    held: z
      .object({ qrcodeId: z.string(), amount: amountOutput, reason: z.enum(ARRIVAL_REASONS) })
      .optional()
      .describe("GET: the member's last code with this provider was paid but is held for an operator (issue 31: past a deposit limit, during a break, or with a bonus held), not credited"),
  }),
]);

const bankCodeParams = z.object({ bankCode: z.enum(QR_PROVIDERS) });

export const qrcodeGet = endpoint({
  method: 'GET', path: '/api/qrcode/:bankCode', access: 'member', tag,
  summary: "The member's current deposit QR code with this provider",
  params: bankCodeParams,
  response: qrRecord,
});

export const qrcodeCreate = endpoint({
  method: 'POST', path: '/api/qrcode/:bankCode', access: 'member', tag,
  summary: 'Create a deposit QR code for an amount; a code with another provider is marked for refresh',
  params: bankCodeParams,
  body: z.object({ amount: amountInput }),
  response: qrRecord,
});

export const qrcodeDelete = endpoint({
  method: 'DELETE', path: '/api/qrcode/:qrcodeId', access: 'member', tag,
  summary: 'Cancel a deposit QR code',
  params: z.object({ qrcodeId: idParam }),
  response: ok,
});

/**
 * A payment gateway (or, for bank QR codes, the bank's notification service) telling us a code
 * was paid. Signed with HMAC-SHA256 over `timestamp + '.' + body` (headers x-timestamp and
 * x-signature, src/server/providers/signing.ts); a bad signature is answered 401. Repeating a
 * notification is harmless: a code is credited once.
 */
export const gatewayWebhook = endpoint({
  method: 'POST', path: '/api/webhooks/gateway/:provider', access: 'public', tag: 'webhooks',
  summary: 'A signed payment notification from a payment gateway or bank: the QR code orderId was paid',
  params: z.object({ provider: z.enum(QR_PROVIDERS) }),
  body: z.object({
    orderId: z.string().min(1).max(100).describe("the qrcodeId the gateway was given, or (bank QR) the code's reference 1"),
    reference: z.string().min(1).max(100).describe("the gateway's own payment reference"),
    amount: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/).describe('the amount paid, a decimal string'),
    currency: z.string().min(3).max(4),
    paidAt: isoDate.describe('when the customer paid'),
  }),
  response: ok,
});

export const qrEndpoints = { qrcodeGet, qrcodeCreate, qrcodeDelete, gatewayWebhook };
