import { z } from 'zod';
import { endpoint } from '../endpoint';
import { amountInput } from '../money';
import { idParam, isoDate, ok } from './common';

/** The simulators' own endpoints; they exist only in sandbox mode. */
const tag = 'sandbox';

export const sandboxSms = endpoint({
  method: 'GET', path: '/api/sandbox/sms', access: 'sandbox', tag,
  summary: 'The simulated SMS inbox, newest first; phone narrows it to one number',
  query: z.object({ phone: z.string().max(20).optional() }),
  response: z.object({
    messages: z.array(z.object({ to: z.string(), text: z.string(), code: z.string(), createdAt: isoDate })),
  }),
});

export const sandboxSlip = endpoint({
  method: 'POST', path: '/api/sandbox/slips', access: 'sandbox', tag,
  summary: 'Make a bank transfer slip for an amount, to upload as a deposit; answers image/png',
  body: z.object({
    amount: amountInput,
    bankAccountNo: z.string().max(30).optional().describe("the receiving account; the operator's first deposit account when absent"),
    sendingBank: z.string().max(10).optional().describe('the sending bank code (SCB, KBANK...); SCB when absent'),
  }),
  response: z.any(),
});

export const sandboxQrcodePay = endpoint({
  method: 'POST', path: '/api/sandbox/qrcode/:qrcodeId/pay', access: 'sandbox', tag,
  summary: "Pay a deposit QR code as the simulated gateway's customer would",
  params: z.object({ qrcodeId: idParam }),
  response: ok,
});

export const sandboxTruewalletVoucher = endpoint({
  method: 'POST', path: '/api/sandbox/truewallet/vouchers', access: 'sandbox', tag,
  summary: 'Create a simulated True Wallet gift voucher for an amount, shared by tickets people (1 when absent)',
  body: z.object({ amount: amountInput, tickets: z.number().int().min(1).max(100).optional() }),
  response: z.object({ link: z.string(), voucherId: z.string() }),
});

/**
 * A sandbox stand-in for a bank deposit into the caller's wallet, so the money flows can be
 * tried before the deposit channels exist. Member access; mounted only in sandbox mode.
 */
export const sandboxWalletFund = endpoint({
  method: 'POST', path: '/api/sandbox/wallet/fund', access: 'member', tag, idempotent: true,
  summary: "Sandbox only: credit the caller's wallet as a bank deposit would",
  body: z.object({ amount: amountInput }),
  response: z.object({ wallet: z.object({ amount: z.number() }) }),
});

export const sandboxEndpoints = { sandboxSms, sandboxSlip, sandboxQrcodePay, sandboxTruewalletVoucher, sandboxWalletFund };
