/**
 * Money rules and Lao deposit accounts seeded by 0017_money_rules. Like the migration, this
 * file is never edited once applied.
 *
 * `money.rules` holds one entry per member currency, in decimal major units:
 * - `step`: every amount is a whole number of it (LAK 1: kip is paid in whole kip; BAHT 0.01);
 * - `transferMin`, `withdrawMin`, `withdrawMax`, `autoPayLimit` (withdrawals up to it are paid
 *   at once, larger ones wait for an operator);
 * - `qr`: per QR provider, the smallest deposit (`minimum`, 0: any amount above 0) and the
 *   preset amounts the deposit modal offers.
 * BAHT keeps the figures the operator had (`withdraw.limits`, `withdraw.autoPayLimit`,
 * `qr.minimums`, which this migration folds in and removes) and SPEC section 9's presets.
 */

const QR_PROVIDERS = ['KBANK', 'BCEL', 'WW', 'FP', 'PAYONEX'] as const;

/** SPEC section 9, in baht. */
export const BAHT_QR = {
  KBANK: { minimum: 0, presets: [10, 20, 50, 100, 500, 1000] },
  BCEL: { minimum: 0, presets: [10, 20, 50, 100, 500, 1000] },
  WW: { minimum: 100, presets: [100, 200, 300, 500, 1000] },
  PAYONEX: { minimum: 100, presets: [100, 200, 300, 500, 1000] },
  FP: { minimum: 10, presets: [10, 50, 100, 500, 1000] },
};

export const BAHT_RULES = { step: 0.01, transferMin: 1, withdrawMin: 100, withdrawMax: 50_000, autoPayLimit: 5_000 };

/**
 * Kip: whole kip; bounds of a Lao bank transfer (a baht is about 600 kip). QR codes from
 * 10,000 kip, presets of the notes people pay with.
 */
export const LAK_RULES = {
  step: 1,
  transferMin: 1_000,
  withdrawMin: 50_000,
  withdrawMax: 50_000_000,
  autoPayLimit: 3_000_000,
  qr: Object.fromEntries(QR_PROVIDERS.map((p) => [p, { minimum: 10_000, presets: [50_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000] }])),
};

const COMPANY_LA = 'SANDBOX WALLET SOLE CO LTD';
const bcelAccount = (currency: 'LAK' | 'BAHT', bankAccountNo: string) => ({
  bankCode: 'BCEL', bankType: 'BCEL', mode: 'AUTO', bankAccountName: COMPANY_LA, bankAccountNo, currency,
  instructionImage: '/assets/deposit/bcel-instructions.svg',
});

/**
 * The Laos sandbox accounts: BCEL in kip and in baht for slips, and BCEL's LAO QR in kip (the
 * deposit modal offers QR for an account not in AUTO mode). `laoQr` is the merchant BCEL
 * issues for the account: BCEL's bank id (its code 2771, then 0418), a sandbox merchant id,
 * category, name and city. An operator puts the ones their bank gave them (deposits README).
 */
export const DEPOSIT_LA = {
  isManual: false,
  banks: [
    bcelAccount('LAK', '010120000000001'),
    bcelAccount('BAHT', '010120000000002'),
    {
      bankCode: 'BCEL', bankType: 'BCEL', mode: 'QR', bankAccountName: COMPANY_LA, bankAccountNo: '010120000000001', currency: 'LAK',
      laoQr: { bankId: '27710418', merchantId: 'mchSANDBOX000001', category: '7995', name: 'SANDBOX WALLET', city: 'VIENTIANE' },
    },
  ],
  wallets: [],
};
