import type { Country, Currency } from '../../../contract';
import type { BankQrAccount } from '../../providers/gateways/bank-qr';
import type { Settings } from '../../settings/settings';
import { laoQrMerchantProblem, type LaoQrMerchant, type PromptPayTarget } from '../../providers/emvco/merchant-qr';

/** One deposit account of the operator settings `deposit.<COUNTRY>` (seeded by 0005, 0006 and 0017). */
export interface DepositAccount {
  bankCode: string;
  bankType: string;
  mode: string;
  bankAccountName: string;
  bankAccountNo: string;
  currency: Currency | null;
  bank?: { nameTH: string; nameEN: string };
  instructionImage?: string;
  promptPay?: PromptPayTarget;
  /** The LAO QR merchant the account's bank issued (bank id, merchant id, category, name, city). */
  laoQr?: LaoQrMerchant;
}

/** One True Wallet of the setting: AUTO mode takes transfers to its number, other modes gift links. */
export interface DepositWallet {
  mode: string;
  walletAccountName: string;
  walletAccountNo: string;
}

interface DepositSetting {
  banks: DepositAccount[];
  wallets?: DepositWallet[];
}

const BANK_QR = new Set(['KBANK', 'BCEL']);

/** The operator's receiving accounts and QR providers, as the deposit flows need them. */
export class DepositAccounts {
  constructor(private readonly settings: Settings, private readonly country: Country) {}

  async all(): Promise<DepositAccount[]> {
    return (await this.settings.get<DepositSetting>(`deposit.${this.country}`, { banks: [] })).banks;
  }

  /** The True Wallets members send money to in AUTO mode. */
  async autoWallets(): Promise<DepositWallet[]> {
    const wallets = (await this.settings.get<DepositSetting>(`deposit.${this.country}`, { banks: [] })).wallets ?? [];
    return wallets.filter((w) => w.mode === 'AUTO' && w.walletAccountNo);
  }

  /** Accounts a member holding `currency` may transfer to: those of that currency, or of none given. */
  async receiving(currency: string): Promise<DepositAccount[]> {
    return (await this.all()).filter((a) => a.bankAccountNo && (!a.currency || a.currency === currency));
  }

  /** The bank account that takes this provider's QR payments in this currency. */
  async qrAccount(provider: string, currency: string): Promise<BankQrAccount | undefined> {
    // A LAO QR account whose merchant is incomplete (such as the placeholder of 0006) makes no
    // codes: a banking app could not pay them.
    const account = (await this.receiving(currency))
      .find((a) => a.bankCode === provider && (a.promptPay || (a.laoQr && !laoQrMerchantProblem(a.laoQr))));
    if (account?.promptPay && currency === 'BAHT') return { promptPay: account.promptPay };
    if (account?.laoQr) return { laoQr: account.laoQr };
    return undefined;
  }

  /** Whether the operator offers QR deposits with this provider to a member holding `currency`. */
  async offersQr(provider: string, currency: string): Promise<boolean> {
    if (BANK_QR.has(provider)) return (await this.qrAccount(provider, currency)) !== undefined;
    return (await this.all()).some((a) => a.bankType === provider && (!a.currency || a.currency === currency));
  }
}

/**
 * Whether a receiving account on a slip is this account. Banks mask slips' account numbers
 * (xxx-x-x1234-x); masked positions match anything, compared from the right, and at least four
 * digits must be visible.
 */
export function accountMatches(onSlip: string, ours: string): boolean {
  const slip = onSlip.toUpperCase().replace(/[^0-9X*]/g, '').replace(/\*/g, 'X');
  const account = ours.replace(/\D/g, '');
  if ((slip.match(/\d/g) ?? []).length < Math.min(4, account.length) || slip.length > account.length) return false;
  const offset = account.length - slip.length;
  for (let i = 0; i < slip.length; i++) {
    if (slip[i] !== 'X' && slip[i] !== account[offset + i]) return false;
  }
  return true;
}
