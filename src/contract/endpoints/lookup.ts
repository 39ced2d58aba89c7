import { z } from 'zod';
import { endpoint } from '../endpoint';
import { LAOS_CURRENCIES, QR_PROVIDERS } from '../constants';
import { amountOutput } from '../money';
import { HOWTO_TOPICS, type HowtoTopic } from '../admin/config/content';
import { ok } from './common';

const tag = 'lookup';

const bankNameInLanguage = z.string().describe(
  "the bank's name in the caller's language (Accept-Language), else the operator's fallback order: the name every screen shows",
);
/**
 * SPEC's field name, kept in both builds: it holds the bank's name in the variant's own language
 * and script, Thai in the Thailand build and Lao in the Laos build.
 */
const nameLocal = z.string().describe("the bank's name in the variant's language: Thai in the Thailand build, Lao in the Laos build (SPEC's field name is kept)");
export const bank = z.object({ code: z.string(), nameTH: nameLocal, nameEN: z.string(), name: bankNameInLanguage, logo: z.string().optional() });
/** A bank's names, as embedded in bank accounts and deposit accounts. */
export const bankName = z.object({ nameTH: nameLocal, nameEN: z.string(), name: bankNameInLanguage });

/** An account the member can deposit to: a bank account or a payment provider. */
export const depositBank = z.object({
  bankCode: z.string(),
  bankType: z.string().describe('how the deposit modal presents it: SCB, KBANK, GSB, BCEL, WW, FP, PAYONEX, or another bank'),
  mode: z.string().describe("'AUTO' or another mode; KBANK in AUTO mode shows the account, otherwise a QR"),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  currency: z.enum(LAOS_CURRENCIES).nullable().describe('Laos only'),
  bank: bankName,
  instructionImage: z.string().optional().describe('an image of how to deposit to this account (BCEL)'),
});
/** A True Wallet account the member can deposit to. */
export const depositWallet = z.object({
  mode: z.string().describe("'AUTO' shows the account number and a note; otherwise gift-link mode"),
  walletAccountName: z.string(),
  walletAccountNo: z.string(),
});

export const lookupBanks = endpoint({
  method: 'GET', path: '/api/lookup/banks', access: 'public', tag,
  summary: 'Banks a member can register with',
  response: z.array(bank),
});

export const lookupDeposit = endpoint({
  method: 'GET', path: '/api/lookup/deposit', access: 'member', tag,
  summary: 'Accounts and providers the member can deposit to',
  response: z.object({ banks: z.array(depositBank), wallets: z.array(depositWallet), isManual: z.boolean() }),
});

export const lookupConditions = endpoint({
  method: 'GET', path: '/api/lookup/conditions', access: 'public', tag,
  summary: 'Bonus conditions, as a list of html strings',
  response: z.array(z.string()),
});

export const lookupAgreements = endpoint({
  method: 'GET', path: '/api/lookup/agreements', access: 'public', tag,
  summary: 'Terms the member accepts in the agreement modal, as a list of html strings',
  response: z.array(z.string()),
});

export const lookupInfo = endpoint({
  method: 'GET', path: '/api/lookup/info', access: 'public', tag,
  summary: "The site's name and website",
  response: z.object({ name: z.string(), website: z.string() }),
});

export const lookupNotice = endpoint({
  method: 'GET', path: '/api/lookup/notice', access: 'public', tag,
  summary: "Notice text of the bonus dialog, its percentFail placeholder filled with that bonus's own percentFail (query code), else the operator's general value",
  query: z.object({
    code: z.string().min(1).max(50).regex(/^[A-Za-z0-9_-]+$/).optional()
      .describe("the bonus or promotion the dialog is about: the notice then states its own percentFail, never another rule's (NOT_FOUND for an unknown code)"),
  }),
  response: z.object({ notice: z.string(), percentFail: z.number().describe('the percent the notice states') }),
});

export const lookupContact = endpoint({
  method: 'GET', path: '/api/lookup/contact', access: 'public', tag,
  summary: 'Contact text and LINE details',
  response: z.object({ contactText: z.string(), lineLink: z.string(), lineName: z.string(), lineQR: z.string() }),
});

export const lookupWithdraw = endpoint({
  method: 'GET', path: '/api/lookup/withdraw', access: 'member', tag,
  summary: "Smallest and largest amount the member may withdraw, in the member's currency",
  response: z.object({ withdrawMin: amountOutput, withdrawMax: amountOutput }),
});

/** A QR provider's smallest and largest deposit and preset amounts, in the member's currency. */
export const qrAmounts = z.object({
  minimum: amountOutput.describe('the smallest amount a code may be made for; 0: any amount above 0'),
  maximum: amountOutput.describe('the largest amount a code may be made for; above it: QR_MAXIMUM'),
  presets: z.array(amountOutput),
});

export const lookupMoney = endpoint({
  method: 'GET', path: '/api/lookup/money', access: 'member', tag,
  summary: "The money rules in the member's currency, every bound and step a form checks: the amount step, the transfer and withdraw bounds, each QR provider's minimum, maximum and presets",
  response: z.object({
    currency: z.enum(LAOS_CURRENCIES).describe("the member's currency (BAHT in Thailand)"),
    step: amountOutput.describe('every amount is a whole number of this (LAK: 1, whole kip; BAHT: 0.01); others are refused with AMOUNT_STEP'),
    decimals: z.number().int().min(0).max(2).describe('decimal places an amount may have: 0 for LAK (whole kip), 2 for BAHT'),
    transferMin: amountOutput.describe('the smallest transfer (TRANSFER_MINIMUM); the largest is what the source holds'),
    withdrawMin: amountOutput.describe('the smallest withdrawal (WITHDRAW_MINIMUM)'),
    withdrawMax: amountOutput.describe('the largest withdrawal (WITHDRAW_MAXIMUM)'),
    qr: z.record(z.enum(QR_PROVIDERS), qrAmounts),
  }),
});

export const lookupSlip = endpoint({
  method: 'GET', path: '/api/lookup/slip', access: 'member', tag,
  summary: 'Slip upload rules: the daily closed window (HH:mm, local time) and how old a transfer may be',
  response: z.object({
    isOpen: z.boolean(),
    closedFrom: z.string().nullable().describe('HH:mm, or null when uploads never close'),
    closedTo: z.string().nullable().describe('HH:mm, or null when uploads never close'),
    uploadWithinMinutes: z.number().int(),
  }),
});

export const lookupSources = endpoint({
  method: 'GET', path: '/api/lookup/sources', access: 'public', tag,
  summary: 'Where a new member heard of the site, for the registration form',
  response: z.array(z.object({ code: z.string(), description: z.string() })),
});

export const lookupActive = endpoint({
  method: 'GET', path: '/api/lookup/active', access: 'public', tag,
  summary: "Whether the service is active; answers 410 { message: 'gone' } when switched off",
  response: ok,
});

export const lookupMaintenance = endpoint({
  method: 'GET', path: '/api/lookup/maintenance', access: 'public', tag,
  summary: "The member service's closure, for a notice ahead of it and on /terminated: phase open (nothing to say), scheduled (closes at closeAt) or closed (until reopenAt, when known), with the operator's message in the caller's language (null when none); answers while the service is closed",
  response: z.object({
    phase: z.enum(['open', 'scheduled', 'closed']),
    closeAt: z.string().nullable().describe('ISO 8601 date-time'),
    reopenAt: z.string().nullable().describe('ISO 8601 date-time'),
    message: z.string().nullable(),
  }),
});

export const lookupRegisterOTP = endpoint({
  method: 'GET', path: '/api/lookup/registerOTP', access: 'public', tag,
  summary: 'Whether registration verifies the phone number by OTP',
  response: z.object({ registerOTP: z.boolean() }),
});

export const lookupEnableChatWidget = endpoint({
  method: 'GET', path: '/api/lookup/enableChatWidget', access: 'public', tag,
  summary: 'Whether the chat widget is shown (asked only when a chat backend is configured)',
  response: z.object({ enableChatWidget: z.boolean() }),
});

const operatorText = z.string().nullable().describe("the operator's text in the caller's language; null: the page's own text (the client's locale)");
const howtoTopicTexts = z.object({ title: operatorText, summary: operatorText });

export const lookupHowto = endpoint({
  method: 'GET', path: '/api/lookup/howto', access: 'public', tag,
  summary: "The how-to page's texts the operator wrote, in the caller's language (Accept-Language); each null where the operator left the page's own text",
  response: z.object({
    title: operatorText,
    subtitle: operatorText,
    topics: z.object(Object.fromEntries(HOWTO_TOPICS.map((t) => [t, howtoTopicTexts])) as Record<HowtoTopic, typeof howtoTopicTexts>),
  }),
});

export const lookupEndpoints = {
  lookupBanks,
  lookupDeposit,
  lookupConditions,
  lookupAgreements,
  lookupInfo,
  lookupNotice,
  lookupContact,
  lookupWithdraw,
  lookupMoney,
  lookupSlip,
  lookupSources,
  lookupActive,
  lookupMaintenance,
  lookupRegisterOTP,
  lookupEnableChatWidget,
  lookupHowto,
};
