import { z } from 'zod';
import { LAOS_CURRENCIES } from '../../constants';

/**
 * Payment gateways a receiving "account" can be instead of a bank (their QR is the gateway's;
 * they have no account number). Every other account's bankCode is a bank of the country's list
 * (`banks.<COUNTRY>`), checked by the server (INVALID_BANK).
 */
export const PAYMENT_GATEWAYS = ['WW', 'FP', 'PAYONEX'] as const;
export const RECEIVING_BANK_MODES = ['AUTO', 'QR'] as const;
export const RECEIVING_WALLET_MODES = ['AUTO', 'GIFT'] as const;

const digits = (min: number, max: number) => z.string().regex(new RegExp(`^\\d{${min},${max}}$`), `${min} to ${max} digits`);
const code = z.string().regex(/^[A-Z0-9]{2,10}$/, 'a bank or gateway code');
const printable = (max: number) => z.string().trim().min(1).max(max).regex(/^[\x20-\x7E]+$/, 'printable Latin characters');

/** A Thai PromptPay target: a biller (bill payment) or a PromptPay id. */
const promptPay = z.union([
  z.object({ billerId: digits(15, 15) }),
  z.object({ proxy: z.enum(['MSISDN', 'NATID', 'EWALLETID']), id: digits(10, 15) }),
]);

/** The LAO QR merchant the account's bank issued (bank id, merchant id, category, name, city). */
const laoQr = z.object({
  bankId: z.string().regex(/^\d{4}0418$/, "the bank's four-digit code followed by 0418"),
  merchantId: z.string().regex(/^[A-Za-z0-9]{1,32}$/),
  category: digits(4, 4),
  name: printable(25),
  city: printable(15),
});

export const receivingBank = z.object({
  bankCode: code,
  bankType: code.describe('how the deposit modal presents it: the bank or gateway code'),
  mode: z.enum(RECEIVING_BANK_MODES).describe("AUTO: the member transfers to the account; QR: a code per deposit"),
  bankAccountName: z.string().trim().min(1).max(100),
  bankAccountNo: z.string().regex(/^\d{0,20}$/, 'digits only').describe("digits only; empty for a payment gateway"),
  currency: z.enum(LAOS_CURRENCIES).nullable().describe('Laos: the currency of the members it takes; null: any'),
  bank: z.object({ nameTH: z.string().max(100), nameEN: z.string().max(100) }).optional().describe("a gateway's names (a bank's come from the banks list)"),
  instructionImage: z.string().max(500).regex(/^(\/assets\/|\/api\/content\/images\/|https:\/\/)/).optional(),
  promptPay: promptPay.optional().describe('Thai PromptPay QR of the account'),
  laoQr: laoQr.optional().describe('LAO QR merchant of the account'),
}).refine((b) => (PAYMENT_GATEWAYS as readonly string[]).includes(b.bankCode) || /^\d{6,20}$/.test(b.bankAccountNo), {
  message: 'a bank account number is 6 to 20 digits', path: ['bankAccountNo'],
});
export type ReceivingBank = z.infer<typeof receivingBank>;

export const receivingWallet = z.object({
  mode: z.enum(RECEIVING_WALLET_MODES).describe('AUTO: members transfer to the number; GIFT: members send gift links'),
  walletAccountName: z.string().trim().min(1).max(100),
  walletAccountNo: digits(9, 15),
});
export type ReceivingWallet = z.infer<typeof receivingWallet>;

/**
 * The accounts members of one country deposit to (the section's target is the country: TH, LA):
 * bank accounts and QR gateways, True Wallets, and whether deposits are credited by hand. Every
 * change waits for a second operator: it decides where members' money goes.
 */
export const receivingConfig = z.object({
  isManual: z.boolean(),
  banks: z.array(receivingBank).max(30),
  wallets: z.array(receivingWallet).max(10),
});
export type ReceivingConfig = z.infer<typeof receivingConfig>;
