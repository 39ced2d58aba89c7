/**
 * Deposit settings seeded by 0006_deposits: sandbox accounts, to be replaced by the operator's
 * real ones. Like the migration, this file is never edited once applied.
 *
 * Each deposit account may carry what the server needs to make its QR code; the deposit
 * lookup answers only the contract's fields.
 * - `promptPay`: a Thai PromptPay target, `{ billerId }` (bill payment, tag 30, the order's
 *   reference as reference 1) or `{ proxy: 'MSISDN' | 'NATID' | 'EWALLETID', id }` (tag 29).
 * - `laoQr`: a LAO QR (LAPNet) receiver, `{ iin, receiverId }`; the IIN is the receiving bank's.
 * - `instructionImage`: an image the deposit modal shows beside the account (BCEL).
 */

const COMPANY_TH = 'บจก. แซนด์บ็อกซ์ วอลเล็ต';
const COMPANY_LA = 'SANDBOX WALLET SOLE CO LTD';
const gateway = (code: string, name: string) => ({
  bankCode: code, bankType: code, mode: 'QR', bankAccountName: name, bankAccountNo: '', currency: null,
  bank: { nameTH: name, nameEN: name },
});

export const DEPOSIT_TH = {
  isManual: false,
  banks: [
    { bankCode: 'SCB', bankType: 'SCB', mode: 'AUTO', bankAccountName: COMPANY_TH, bankAccountNo: '4060000001', currency: null },
    // KBANK twice: the account itself (AUTO, the member transfers and uploads the slip) and a
    // PromptPay QR per deposit, paid into the same account.
    { bankCode: 'KBANK', bankType: 'KBANK', mode: 'AUTO', bankAccountName: COMPANY_TH, bankAccountNo: '0730000002', currency: null },
    {
      bankCode: 'KBANK', bankType: 'KBANK', mode: 'QR', bankAccountName: COMPANY_TH, bankAccountNo: '0730000002', currency: null,
      // Tax id 0105560000000 (valid check digit) with suffix 01.
      promptPay: { billerId: '010556000000001' },
    },
    { bankCode: 'GSB', bankType: 'GSB', mode: 'AUTO', bankAccountName: COMPANY_TH, bankAccountNo: '020000000003', currency: null },
    gateway('WW', 'WW Pay'),
    gateway('FP', 'FP Pay'),
    gateway('PAYONEX', 'Payonex'),
  ],
  wallets: [{ mode: 'GIFT', walletAccountName: 'SANDBOX WALLET', walletAccountNo: '0990000004' }],
};

const bcel = (currency: 'LAK' | 'BAHT', bankAccountNo: string) => ({
  bankCode: 'BCEL', bankType: 'BCEL', mode: 'AUTO', bankAccountName: COMPANY_LA, bankAccountNo, currency,
  instructionImage: '/assets/deposit/bcel-instructions.svg',
  // A placeholder IIN: the operator sets the receiving bank's LAPNet IIN.
  laoQr: { iin: '00000000', receiverId: bankAccountNo },
});

export const DEPOSIT_LA = {
  isManual: false,
  banks: [bcel('LAK', '010120000000001'), bcel('BAHT', '010120000000002')],
  wallets: [],
};

export const DEPOSIT_SETTINGS: Record<string, unknown> = {
  /** How long a deposit QR code can be paid. */
  'qr.expireMinutes': 10,
  /** Minimum QR deposit per provider, overriding QR_MINIMUM of the contract where set. */
  'qr.minimums': {},
};
