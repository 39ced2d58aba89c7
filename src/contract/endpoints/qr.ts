import { z } from 'zod';
import { endpoint } from '../endpoint';
import { QR_PROVIDERS } from '../constants';
import { amountInput, amountOutput } from '../money';
import { idParam, isoDate, ok } from './common';

const tag = 'qrcode';

/** The member's current deposit QR code with one provider, or why there is none. */
export const qrRecord = z.discriminatedUnion('hasQrcode', [
  z.object({
    hasQrcode: z.literal(true),
    qrcodeId: z.string(),
    qrcode: z.string().describe('image markup of the code (EMVCo / PromptPay payload for bank QR)'),
    amount: amountOutput,
    expireIn: isoDate.describe('when the code expires'),
  }),
  z.object({
    hasQrcode: z.literal(false),
    message: z.string().optional().describe('why creating the code failed; absent when there is simply no code'),
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

export const qrEndpoints = { qrcodeGet, qrcodeCreate, qrcodeDelete };
