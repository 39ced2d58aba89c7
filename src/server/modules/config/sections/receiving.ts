import { COUNTRIES, PAYMENT_GATEWAYS, receivingConfig, type ReceivingBank, type ReceivingConfig, type ReceivingWallet } from '../../../../contract';
import type { AppContext } from '../../../context';
import { refuse } from '../../../errors';
import { laoQrMerchantProblem } from '../../../providers/emvco/merchant-qr';
import type { ConfigSection, Reader } from '../section';

const TARGETS: readonly string[] = COUNTRIES;
const keyOf = (country: string) => `deposit.${country}`;

type Stored = { isManual?: boolean; banks?: Partial<ReceivingBank>[]; wallets?: Partial<ReceivingWallet>[] };

/** Only the fields of the contract, in its order, leaving out optional ones the account lacks. */
const bankOf = (b: Partial<ReceivingBank>): ReceivingBank => ({
  bankCode: b.bankCode ?? '', bankType: b.bankType ?? '', mode: b.mode ?? 'AUTO', bankAccountName: b.bankAccountName ?? '',
  bankAccountNo: b.bankAccountNo ?? '', currency: b.currency ?? null,
  ...(b.bank ? { bank: { nameTH: b.bank.nameTH, nameEN: b.bank.nameEN } } : {}),
  ...(b.instructionImage ? { instructionImage: b.instructionImage } : {}),
  ...(b.promptPay ? { promptPay: b.promptPay } : {}),
  ...(b.laoQr ? { laoQr: b.laoQr } : {}),
});
const walletOf = (w: Partial<ReceivingWallet>): ReceivingWallet => ({
  mode: w.mode ?? 'GIFT', walletAccountName: w.walletAccountName ?? '', walletAccountNo: w.walletAccountNo ?? '',
});

/**
 * The accounts members of a country deposit to (target: the country): the `deposit.<COUNTRY>`
 * setting the deposit lookup and the deposit flows read (lookup/lookups.ts,
 * deposits/accounts.ts) through the settings' cache. Every change decides where members'
 * money goes, so it waits for a second operator. Bank codes must be banks of the country's list
 * (or a payment gateway), account numbers digits; a LAO QR merchant must be one a bank can pay.
 */
export function receivingSection(ctx: AppContext): ConfigSection<ReceivingConfig> {
  return {
    name: 'receiving',
    schema: receivingConfig,
    targets: async () => [...TARGETS],
    async read(db, target) {
      if (!TARGETS.includes(target)) return null;
      const row = await db.selectFrom('setting').select('value').where('key', '=', keyOf(target)).executeTakeFirst();
      const stored = (row?.value ?? {}) as Stored;
      return {
        isManual: stored.isManual === true,
        banks: (stored.banks ?? []).map(bankOf),
        wallets: (stored.wallets ?? []).map(walletOf),
      };
    },
    async check(db: Reader, target, value) {
      const row = await db.selectFrom('setting').select('value').where('key', '=', `banks.${target}`).executeTakeFirst();
      const banks = new Set(((row?.value ?? []) as { code?: string }[]).map((b) => b.code));
      const known = (code: string) => banks.has(code) || (PAYMENT_GATEWAYS as readonly string[]).includes(code);
      for (const account of value.banks) {
        if (!known(account.bankCode) || !known(account.bankType)) refuse('INVALID_BANK', `${account.bankCode} is not a bank of ${target}`);
        if (account.laoQr && laoQrMerchantProblem(account.laoQr)) refuse('INVALID_INPUT', laoQrMerchantProblem(account.laoQr));
        // Thailand's members all hold baht.
        if (target === 'TH' && account.currency === 'LAK') refuse('INVALID_INPUT', 'a Thai account takes baht');
      }
    },
    async write(trx, target, value) {
      await ctx.settings.write(trx, keyOf(target), {
        isManual: value.isManual,
        banks: value.banks.map(bankOf),
        wallets: value.wallets.map(walletOf),
      });
    },
    movesMoney: () => true,
  };
}
