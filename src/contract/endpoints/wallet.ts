import { z } from 'zod';
import { endpoint, MINUTE_MS } from '../endpoint';
import { DEPOSIT_NOTICE, DEPOSIT_NOTICE_STATES, GAME_CATEGORIES, LAOS_CURRENCIES } from '../constants';
import { amountInput, amountOutput } from '../money';
import { bankAccount } from './account';
import { codeParam, isoDate, ok, walletBalance } from './common';
import { slip } from './statement';

const tag = 'wallet';

/**
 * When a game balance was last read from its provider. A game balance is the provider's
 * figure read then plus what the product booked since (transfers); the player may have won or
 * lost at the provider after it, so a screen shows its age or reads it again
 * (GET /api/wallet/refresh/slot). Null: never read, only what was booked.
 */
export const syncedAt = isoDate.nullable().describe("when the provider's balance this amount rests on was read (transfers booked since are included); null: never read");

/** A game account (slot, sport plus casino, lotto) of the member. */
export const gameAccount = z.object({
  code: z.string(),
  name: z.string(),
  category: z.enum(GAME_CATEGORIES),
  logo: z.string(),
  background: z.string(),
  amount: amountOutput,
  syncedAt,
  isActive: z.boolean(),
  closed: z.boolean().describe('the operators switched the provider off: the card shows only while the member holds money there; transfers into it and launches answer PROVIDER_OFF, the money can move back to the wallet'),
  ftWalletSlot: z.number().describe('wallet-to-game rate: the card also shows amount × ftWalletSlot'),
  web: z.string().nullable(),
  android: z.string().nullable(),
  ios: z.string().nullable(),
});

export const gameCredentials = z.object({
  username: z.string(),
  password: z.string(),
  event: z.record(z.string(), z.string()).nullable().describe(
    "hidden form values, for a provider that launches by form post (null for the others): the fields of the form its launch call answers at this moment; they expire, so the launch asks again",
  ),
});

/** A game account's balance after a transfer: the provider's figure read at `syncedAt` (just before the transfer) plus the transfer. */
export const gameBalance = z.object({ code: z.string(), amount: amountOutput, syncedAt });

/** Balances after a transfer: the wallet and each game account the transfer touched. */
export const transferResult = z.object({ wallet: walletBalance, slots: z.array(gameBalance) });

/** A transfer's end: the main wallet (MAIN_WALLET_CODE) or a game account's code. */
const accountCode = z.string().min(1).max(50);
const slotParams = z.object({ slotCode: codeParam });

export const wallet = endpoint({
  method: 'GET', path: '/api/wallet', access: 'member', tag,
  summary: "The home screen: profile with spin coins, bank account, wallet balance, invite bonus and game accounts (each game balance with the time it was read: syncedAt)",
  response: z.object({
    profile: z.object({ name: z.string(), username: z.string(), _id: z.string(), coin: z.number().int() }),
    bankAccount,
    wallet: walletBalance,
    currency: z.enum(LAOS_CURRENCIES).describe("the member's currency: BAHT, or LAK in the Laos build"),
    invite: z.object({
      amount: amountOutput,
      success: z.number().describe('percent'),
      fail: z.number().describe('percent'),
    }),
    slots: z.array(gameAccount),
  }),
});

export const walletRefreshSlot = endpoint({
  method: 'GET', path: '/api/wallet/refresh/slot', access: 'member', tag,
  summary: 'Ask every game provider for its balance and return the refreshed game accounts',
  response: z.object({ wallet: walletBalance, slots: z.array(gameAccount) }),
});

export const walletActivate = endpoint({
  method: 'GET', path: '/api/wallet/activate/:slotCode', access: 'member', tag,
  summary: 'Open the game account with the game provider; returns it, now active',
  params: slotParams,
  response: gameAccount,
});

export const walletAccount = endpoint({
  method: 'GET', path: '/api/wallet/account/:slotCode', access: 'member', tag,
  summary: "The game account's login credentials, shown to its owner",
  params: slotParams,
  response: gameCredentials,
});

export const walletResetPassword = endpoint({
  method: 'GET', path: '/api/wallet/resetpassword/:slotCode', access: 'member', tag,
  summary: "Reset the game account's password with the provider (fetch the credentials again after)",
  params: slotParams,
  response: ok,
});

/**
 * The member's deposit notice: "I transferred this amount from my registered account" (the
 * deposit dialog's transfer-done button). It credits nothing; it helps match the bank's report
 * of the transfer, or its slip, to the member (DEPOSIT_NOTICE).
 */
export const depositNotice = z.object({
  id: z.string(),
  amount: amountOutput,
  currency: z.enum(LAOS_CURRENCIES),
  state: z.enum(DEPOSIT_NOTICE_STATES).describe('pending: waiting for the bank; matched: a transfer of this amount was credited to the member; expired: none came in time'),
  createdAt: isoDate,
  expiresAt: isoDate.describe(`when a pending notice expires (${DEPOSIT_NOTICE.lifetimeHours} hours after it was made)`),
  closedAt: isoDate.nullable().describe('when it was matched or expired'),
});

export const walletAdd = endpoint({
  method: 'POST', path: '/api/wallet/add', access: 'member', tag, idempotent: true,
  summary: "Tell us of a bank transfer of this amount from the member's registered account: a pending notice for matching; it credits nothing itself",
  body: z.object({ amount: amountInput.refine((a) => a > 0, { message: 'above 0' }) }),
  response: depositNotice,
  // A note for the operators' queue: a few a minute is plenty for a person, from one member or one address.
  rateLimit: [{ per: 'member', max: 5, windowMs: MINUTE_MS }, { per: 'address', max: 20, windowMs: MINUTE_MS }],
});

export const walletNotices = endpoint({
  method: 'GET', path: '/api/wallet/notices', access: 'member', tag,
  summary: `The member's deposit notices of the last ${DEPOSIT_NOTICE.lifetimeHours * 2} hours, newest first (at most 5)`,
  response: z.object({ notices: z.array(depositNotice) }),
});

export const walletTransfer = endpoint({
  method: 'POST', path: '/api/wallet/transfer', access: 'member', tag, idempotent: true,
  summary: 'Move an amount between the main wallet and a game account, or between game accounts',
  body: z
    .object({ from: accountCode, to: accountCode, amount: amountInput })
    .refine((b) => b.from !== b.to, { message: 'from and to must differ', path: ['to'] }),
  response: transferResult,
});

export const walletTransferAll = endpoint({
  method: 'POST', path: '/api/wallet/transferAll', access: 'member', tag, idempotent: true,
  summary: 'Move the whole main wallet balance to a game account',
  body: z.object({ to: accountCode }),
  response: transferResult,
});

export const walletWithdraw = endpoint({
  method: 'POST', path: '/api/wallet/withdraw', access: 'member', tag, idempotent: true,
  summary: "Withdraw an amount from the main wallet to the member's bank account",
  body: z.object({ amount: amountInput }),
  response: z.object({ wallet: walletBalance }),
});

export const walletWithdrawAll = endpoint({
  method: 'POST', path: '/api/wallet/withdrawAll', access: 'member', tag, idempotent: true,
  summary: 'Withdraw the whole balance (required while holding a bonus); amount is the balance the member saw',
  body: z.object({ amount: amountInput }),
  response: z.object({ wallet: walletBalance }),
});

export const walletSlip = endpoint({
  method: 'POST', path: '/api/wallet/slip', access: 'member', tag, idempotent: true, multipart: true,
  summary: 'Upload a bank transfer slip (multipart, field file); returns the slip, verified asynchronously',
  body: z.object({ file: z.any().describe('slip image: png, jpeg or gif') }),
  response: slip,
  // Costs the outside services (slip reading, voucher redemption).
  rateLimit: { per: 'member', max: 30, windowMs: MINUTE_MS },
});

export const walletTruelink = endpoint({
  method: 'POST', path: '/api/wallet/truelink', access: 'member', tag, idempotent: true,
  summary: 'Deposit a True Wallet gift link (encrypted on the client); returns the credited amount',
  body: z.object({ link: z.string().min(1).max(2000).describe('the gift link, encrypted with the shared symmetric cipher') }),
  response: z.object({ amount: amountOutput, wallet: walletBalance }),
  // Costs the outside services (slip reading, voucher redemption).
  rateLimit: { per: 'member', max: 30, windowMs: MINUTE_MS },
});

export const walletEndpoints = {
  wallet,
  walletRefreshSlot,
  walletActivate,
  walletAccount,
  walletResetPassword,
  walletAdd,
  walletNotices,
  walletTransfer,
  walletTransferAll,
  walletWithdraw,
  walletWithdrawAll,
  walletSlip,
  walletTruelink,
};
