import { z } from 'zod';
import { endpoint, MINUTE_MS } from '../endpoint';
import { DEMO_SLOT } from '../constants';
import { amountInput, amountOutput } from '../money';
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

export const sandboxPush = endpoint({
  method: 'GET', path: '/api/sandbox/push', access: 'sandbox', tag,
  summary: "The sandbox's push outbox, newest first: every push sent (to each subscription, in its language) and what became of it; phone narrows it to one member",
  query: z.object({ phone: z.string().max(20).optional() }),
  response: z.object({
    messages: z.array(z.object({
      memberId: z.number().int(),
      username: z.string(),
      service: z.string().describe("the push service's origin (never the endpoint's path)"),
      language: z.string(),
      title: z.string(),
      body: z.string(),
      url: z.string(),
      tag: z.string(),
      status: z.enum(['sent', 'gone', 'failed']).describe('gone: the push service answered 404 or 410, the subscription was deleted'),
      createdAt: isoDate,
    })),
  }),
});

export const sandboxSlip = endpoint({
  method: 'POST', path: '/api/sandbox/slips', access: 'sandbox', tag,
  summary: 'Make a bank transfer slip for an amount, to upload as a deposit; answers image/png',
  body: z.object({
    amount: amountInput,
    bankAccountNo: z.string().max(30).optional().describe("the receiving account; the operator's first deposit account when absent"),
    sendingBank: z.string().max(10).optional().describe('the sending bank code (SCB, KBANK...); SCB when absent'),
    held: z.boolean().optional().describe("the bank's slip service holds back its answer for this transfer, so the slip waits for an operator"),
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

export const sandboxBankArrival = endpoint({
  method: 'POST', path: '/api/sandbox/bank/arrivals', access: 'sandbox', tag,
  summary: "Make the sandbox bank report an incoming transfer to our bank webhook, signed, as a bank's feed would",
  body: z.object({
    amount: amountInput.refine((a) => a > 0, { message: 'above 0' }),
    senderBank: z.string().regex(/^[A-Z0-9]{2,10}$/).describe("the sender's bank code"),
    senderAccount: z.string().min(1).max(30).regex(/^[0-9Xx*-]+$/).describe("the sender's account number, masked or not"),
    senderName: z.string().trim().max(200).optional(),
    bankAccountNo: z.string().max(30).optional().describe("our receiving account; the first AUTO-mode account when absent"),
  }),
  response: z.object({ arrivalId: z.string(), reference: z.string(), status: z.enum(['credited', 'unmatched', 'dismissed']) }),
});

export const sandboxTruewalletTransfer = endpoint({
  method: 'POST', path: '/api/sandbox/truewallet/transfers', access: 'sandbox', tag,
  summary: "Send money from a True Wallet (the sender's phone) to our AUTO-mode wallet number: the simulated True Wallet notifies our webhook, signed",
  body: z.object({
    amount: amountInput.refine((a) => a > 0, { message: 'above 0' }),
    senderPhone: z.string().min(4).max(20).regex(/^\+?[0-9Xx*-]+$/).describe("the sender's wallet phone; a member's registered phone is credited to that member"),
    senderName: z.string().trim().max(200).optional(),
    walletAccountNo: z.string().max(15).optional().describe('our receiving wallet number; the first AUTO-mode True Wallet when absent'),
  }),
  response: z.object({ arrivalId: z.string(), reference: z.string(), status: z.enum(['credited', 'unmatched', 'dismissed']) }),
});

/**
 * The app's clock in the sandbox (issue 31's e2e: "the clock moved"): every rule that reads the
 * app's clock (safer-play periods and cooling-off, reality checks, QR expiry, OTP) sees the moved
 * time. It only moves forward; it never exists in live mode.
 */
export const sandboxClock = endpoint({
  method: 'GET', path: '/api/sandbox/clock', access: 'sandbox', tag,
  summary: "The app's time now and how far the sandbox moved it ahead of the system clock",
  response: z.object({ now: isoDate, offsetMinutes: z.number() }),
});

export const sandboxClockAdvance = endpoint({
  method: 'POST', path: '/api/sandbox/clock/advance', access: 'sandbox', tag,
  summary: "Move the app's clock forward by minutes (up to 400 days at a time)",
  body: z.object({ minutes: z.number().int().min(1).max(400 * 24 * 60) }),
  response: z.object({ now: isoDate, offsetMinutes: z.number() }),
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

/** A sandbox stand-in for earning spin wheel coins, so the wheel can be tried again and again. */
export const sandboxSpinCoins = endpoint({
  method: 'POST', path: '/api/sandbox/spin/coins', access: 'member', tag,
  summary: 'Sandbox only: give the caller spin wheel coins',
  body: z.object({ coins: z.number().int().min(1).max(100) }),
  response: z.object({ userCoin: z.number().int() }),
});

/**
 * The demo provider's slot game, opened from a launch link `/sandbox/game/:code?t=<token>`. The
 * token (signed by the demo provider, short-lived) names the provider and the player; it is the
 * game's only credential, so these calls need no member session. A bad or expired token answers
 * invalid-token.
 */
const launchToken = z.string().min(1).max(1000).describe('the launch token of the game link (t)');
const slotSymbol = z.enum(DEMO_SLOT.symbols);
const stake = z.number().refine((n) => (DEMO_SLOT.stakes as readonly number[]).includes(n), { message: 'not one of the stakes' });

export const sandboxGameSession = endpoint({
  method: 'GET', path: '/api/sandbox/game/session', access: 'sandbox', tag,
  summary: "The demo slot game's session: provider, its name, the player's balance at the provider, the stakes and the paytable",
  query: z.object({ t: launchToken }),
  response: z.object({
    provider: z.string(),
    name: z.string(),
    balance: amountOutput,
    stakes: z.array(z.number()),
    paytable: z.array(z.object({ symbol: slotSymbol, pays: z.number().describe('times the line stake (stake / paylines) for three on a payline') })),
  }),
  // A person spins a few times a second at most; this only stops a runaway script.
  rateLimit: { per: 'address', max: 300, windowMs: MINUTE_MS },
});

export const sandboxGameSpin = endpoint({
  method: 'POST', path: '/api/sandbox/game/spin', access: 'sandbox', tag,
  summary: 'One spin of the demo slot: the server decides the reels, takes the stake and pays the win at the provider',
  body: z.object({ t: launchToken, stake }),
  response: z.object({
    reels: z.array(z.array(slotSymbol).length(DEMO_SLOT.rows)).length(DEMO_SLOT.reels).describe('each reel top to bottom'),
    stake: amountOutput,
    win: amountOutput,
    balance: amountOutput,
    lines: z.array(z.object({
      line: z.number().int().describe('index into the paylines'),
      symbol: slotSymbol,
      count: z.number().int().describe('matching symbols from the left'),
      win: amountOutput,
    })),
  }),
  // A person spins a few times a second at most; this only stops a runaway script.
  rateLimit: { per: 'address', max: 300, windowMs: MINUTE_MS },
});

export const sandboxEndpoints = {
  sandboxClock,
  sandboxClockAdvance,
  sandboxSms, sandboxPush, sandboxSlip, sandboxQrcodePay, sandboxBankArrival, sandboxTruewalletVoucher, sandboxTruewalletTransfer, sandboxWalletFund, sandboxGameSession, sandboxGameSpin,
  sandboxSpinCoins,
};
