import { z } from 'zod';
import { endpoint } from '../endpoint';
import { LAOS_CURRENCIES } from '../constants';
import { MAX_AMOUNT } from '../money';
import { ok } from './common';

/**
 * The banks' incoming-transfer feed: a bank tells us that money arrived in one of our AUTO-mode
 * receiving accounts (SPEC section 2: KBANK auto mode, the member transfers from the registered
 * account). Signed like the gateways' notifications (HMAC of `x-timestamp` + '.' + the body).
 */
export const bankTransferWebhook = endpoint({
  method: 'POST', path: '/api/webhooks/bank/:bankCode', access: 'public', tag: 'webhooks',
  summary: 'A signed notification from a bank: a transfer arrived in one of our receiving accounts',
  params: z.object({ bankCode: z.string().regex(/^[A-Z0-9]{2,10}$/).describe('our receiving bank (KBANK, SCB, BCEL...)') }),
  body: z.object({
    reference: z.string().min(1).max(100).regex(/^[\x21-\x7e]+$/).describe("the bank's transfer reference, unique per bank"),
    account: z.string().min(1).max(30).regex(/^[0-9-]+$/).describe('our receiving account number'),
    amount: z.number().int().positive().max(MAX_AMOUNT * 100).describe('the amount received, in minor units (satang, 1/100 kip)'),
    currency: z.enum(LAOS_CURRENCIES),
    senderBank: z.string().regex(/^[A-Z0-9]{2,10}$/).describe("the sender's bank code (SCB, KBANK...)"),
    senderAccount: z.string().min(1).max(30).regex(/^[0-9Xx*-]+$/).describe("the sender's account number, possibly masked (xxx-x-x1234-x)"),
    senderName: z.string().trim().max(200).optional(),
    transferredAt: z.iso.datetime({ offset: true }).describe('when the bank booked the transfer'),
  }),
  response: ok.extend({ status: z.enum(['credited', 'unmatched', 'dismissed']).describe('credited to the member who sent it, waiting for an operator, or (a repeat) dismissed by one') }),
});

/**
 * True Wallet's incoming-transfer notification: someone sent money from their wallet to one of our
 * AUTO-mode True Wallet numbers (SPEC section 2: True Wallet AUTO mode, "credited
 * automatically"). Signed as the bank feed signs. The sender's wallet is their phone number, so
 * the member is found by the phone they registered with. True Wallet holds baht only.
 */
export const trueWalletTransferWebhook = endpoint({
  method: 'POST', path: '/api/webhooks/truewallet', access: 'public', tag: 'webhooks',
  summary: 'A signed notification from True Wallet: a transfer arrived in one of our True Wallet numbers',
  body: z.object({
    reference: z.string().min(1).max(100).regex(/^[\x21-\x7e]+$/).describe("True Wallet's transaction reference, unique"),
    account: z.string().min(9).max(15).regex(/^[0-9-]+$/).describe('our receiving wallet number'),
    amount: z.number().int().positive().max(MAX_AMOUNT * 100).describe('the amount received, in satang'),
    senderPhone: z.string().min(4).max(20).regex(/^\+?[0-9Xx*-]+$/).describe("the sender's wallet number (phone), possibly masked (081-xxx-5678) or international (+66...)"),
    senderName: z.string().trim().max(200).optional(),
    transferredAt: z.iso.datetime({ offset: true }).describe('when True Wallet booked the transfer'),
  }),
  response: ok.extend({ status: z.enum(['credited', 'unmatched', 'dismissed']).describe('credited to the member whose phone sent it, waiting for an operator, or (a repeat) dismissed by one') }),
});

export const bankFeedEndpoints = { bankTransferWebhook, trueWalletTransferWebhook };
