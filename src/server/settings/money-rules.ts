import { QR_MINIMUM, QR_PRESETS, QR_PROVIDERS, TRANSFER_MINIMUM, toMinor, type QrProvider } from '../../contract';
import { DomainError } from '../errors';
import type { Settings } from './settings';

/**
 * The money rules of one currency, in decimal major units as the API speaks them. A baht and a
 * kip differ by about 600 times and kip has no coins in use, so every bound, preset and the
 * amount step is the currency's own (operator setting `money.rules`, seeded by 0017_money_rules).
 */
export interface CurrencyRules {
  /** Every amount is a whole number of this: 1 for LAK (whole kip), 0.01 for BAHT. */
  step: number;
  transferMin: number;
  withdrawMin: number;
  withdrawMax: number;
  /** Withdrawals up to this are paid at once; larger ones wait for an operator. */
  autoPayLimit: number;
  /**
   * Four eyes on payouts (issue 30): a withdrawal above this waits for two operators' approvals,
   * the second with a fresh authenticator code, and never pays itself whatever the auto-pay limit.
   * Recorded on each withdrawal when it is made (migration 0035), so a later change never
   * loosens one already waiting.
   */
  secondApprovalAbove: number;
  /**
   * Per QR provider: the smallest and the largest amount a code is made for (issue 27: a
   * 99,999,999-baht code was made), and the presets the deposit modal offers.
   */
  qr: Record<QrProvider, QrRules>;
}

export interface QrRules {
  minimum: number;
  maximum: number;
  presets: number[];
}

export type MoneyRulesSetting = Partial<Record<string, Partial<Omit<CurrencyRules, 'qr'> & { qr: Partial<Record<QrProvider, Partial<QrRules>>> }>>>;

const sameForEveryProvider = (rules: QrRules) => Object.fromEntries(QR_PROVIDERS.map((p) => [p, rules])) as CurrencyRules['qr'];

/** The largest QR deposit of each currency: the same figure as its default largest withdrawal (withdrawMax). */
const QR_MAXIMUM = { BAHT: 50_000, LAK: 50_000_000 };

/** What applies where the setting says nothing (a currency or a field it lacks). */
export const DEFAULT_RULES: Record<'BAHT' | 'LAK', CurrencyRules> = {
  BAHT: {
    step: 0.01,
    transferMin: TRANSFER_MINIMUM,
    withdrawMin: 100,
    withdrawMax: 50_000,
    autoPayLimit: 5_000,
    // Twice the auto-pay limit: 5,000 to 10,000 baht takes one operator, more takes two.
    secondApprovalAbove: 10_000,
    qr: Object.fromEntries(QR_PROVIDERS.map((p) => [p, { minimum: QR_MINIMUM[p], maximum: QR_MAXIMUM.BAHT, presets: [...QR_PRESETS[p]] }])) as CurrencyRules['qr'],
  },
  LAK: {
    step: 1,
    transferMin: 1_000,
    withdrawMin: 50_000,
    withdrawMax: 50_000_000,
    autoPayLimit: 3_000_000,
    // The baht figure at about 600 kip to the baht, as the auto-pay limit is.
    secondApprovalAbove: 6_000_000,
    qr: sameForEveryProvider({ minimum: 10_000, maximum: QR_MAXIMUM.LAK, presets: [50_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000] }),
  },
};

export class MoneyRules {
  constructor(private readonly settings: Settings) {}

  private setting(): Promise<MoneyRulesSetting> {
    return this.settings.get<MoneyRulesSetting>('money.rules', {});
  }

  /** The rules of a currency: the operator's, completed field by field by the defaults (a QR provider's too). */
  async of(currency: string): Promise<CurrencyRules> {
    return rulesOf(await this.setting(), currency);
  }

  /** Changes some of a currency's rules (the back office, tests). */
  async update(currency: string, patch: NonNullable<MoneyRulesSetting[string]>): Promise<void> {
    const setting = await this.settings.get<MoneyRulesSetting>('money.rules', {});
    await this.settings.set('money.rules', { ...setting, [currency]: { ...setting[currency], ...patch } });
  }

  /** Refuses an amount (minor units) that is not a whole number of the currency's step. */
  async checkStep(currency: string, amount: bigint): Promise<CurrencyRules> {
    const rules = await this.of(currency);
    refuseOffStep(rules, amount);
    return rules;
  }
}

/** A currency's rules from the `money.rules` setting as stored, completed by the defaults. */
export function rulesOf(setting: MoneyRulesSetting, currency: string): CurrencyRules {
  const base = DEFAULT_RULES[currency as keyof typeof DEFAULT_RULES] ?? DEFAULT_RULES.BAHT;
  const own = setting[currency] ?? {};
  const qr = Object.fromEntries(QR_PROVIDERS.map((p) => [p, { ...base.qr[p], ...own.qr?.[p] }])) as CurrencyRules['qr'];
  return { ...base, ...own, qr };
}

export function refuseOffStep(rules: Pick<CurrencyRules, 'step'>, amount: bigint): void {
  const step = toMinor(rules.step);
  if (step > 1n && amount % step !== 0n) throw new DomainError('AMOUNT_STEP', `not a multiple of ${rules.step}`);
}
