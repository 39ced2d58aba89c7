import type { Country, Currency, ResponseOf } from '../../../contract';
import type { endpoints } from '../../../contract';
import type { Clock } from '../../clock';
import type { Settings } from '../../settings/settings';

type Bank = ResponseOf<typeof endpoints.lookupBanks>[number];
type Deposit = ResponseOf<typeof endpoints.lookupDeposit>;
type DepositBankSetting = Omit<Deposit['banks'][number], 'bank'> & { bank?: Deposit['banks'][number]['bank'] };
interface DepositSetting { banks: DepositBankSetting[]; wallets: Deposit['wallets']; isManual: boolean }
interface SlipSetting { closedFrom: string | null; closedTo: string | null; uploadWithinMinutes: number; utcOffsetMinutes: number }

/**
 * The lookups of SPEC section 7, read from operator settings (seeded by 0005_member_access).
 * Content that differs between the builds lives under `<name>.<COUNTRY>`.
 */
export class Lookups {
  constructor(private readonly settings: Settings, private readonly country: Country, private readonly clock: Clock) {}

  private local<T>(name: string, fallback: T): Promise<T> {
    return this.settings.get<T>(`${name}.${this.country}`, fallback);
  }

  banks(): Promise<Bank[]> {
    return this.local<Bank[]>('banks', []);
  }

  async bank(code: string): Promise<Bank | undefined> {
    return (await this.banks()).find((b) => b.code === code);
  }

  /** A bank's names for display; a code no longer listed shows as itself. */
  async bankName(code: string): Promise<{ nameTH: string; nameEN: string }> {
    const bank = await this.bank(code);
    return { nameTH: bank?.nameTH ?? code, nameEN: bank?.nameEN ?? code };
  }

  /**
   * Where this member can deposit: in Laos only the accounts of the member's currency (or of
   * none given); the
   * accounts at the member's own bank first, since a transfer within one bank arrives fastest.
   */
  async deposit(member: { bankCode: string; currency: Currency }): Promise<Deposit> {
    const setting = await this.local<DepositSetting>('deposit', { banks: [], wallets: [], isManual: false });
    const banks = await this.banks();
    const names = new Map(banks.map((b) => [b.code, { nameTH: b.nameTH, nameEN: b.nameEN }]));
    const usable = setting.banks.filter((b) => this.country !== 'LA' || !b.currency || b.currency === member.currency);
    const ordered = [...usable.filter((b) => b.bankCode === member.bankCode), ...usable.filter((b) => b.bankCode !== member.bankCode)];
    return {
      // Only the contract's fields: an account's setting may also hold what the server needs for QR codes.
      banks: ordered.map((b) => ({
        bankCode: b.bankCode,
        bankType: b.bankType,
        mode: b.mode,
        bankAccountName: b.bankAccountName,
        bankAccountNo: b.bankAccountNo,
        currency: b.currency ?? null,
        bank: b.bank ?? names.get(b.bankCode) ?? { nameTH: b.bankCode, nameEN: b.bankCode },
        ...(b.instructionImage ? { instructionImage: b.instructionImage } : {}),
      })),
      wallets: setting.wallets,
      isManual: setting.isManual,
    };
  }

  conditions(): Promise<string[]> {
    return this.local<string[]>('conditions', []);
  }

  agreements(): Promise<{ version: number; items: string[] }> {
    return this.local('agreements', { version: 1, items: [] as string[] });
  }

  info(): Promise<{ name: string; website: string }> {
    return this.settings.get('info', { name: '', website: '' });
  }

  async notice(): Promise<{ notice: string }> {
    const { text, percentFail } = await this.local('notice', { text: '', percentFail: 0 });
    return { notice: text.replaceAll('{percentFail}', String(percentFail)) };
  }

  contact(): Promise<{ contactText: string; lineLink: string; lineName: string; lineQR: string }> {
    return this.local('contact', { contactText: '', lineLink: '', lineName: '', lineQR: '' });
  }

  /** Decimal amounts, as the lookup answers them (the ledger's setting, 0004). */
  withdraw(): Promise<{ withdrawMin: number; withdrawMax: number }> {
    return this.settings.get('withdraw.limits', { withdrawMin: 100, withdrawMax: 50000 });
  }

  async slip() {
    const s = await this.settings.get<SlipSetting>('slip', { closedFrom: null, closedTo: null, uploadWithinMinutes: 60, utcOffsetMinutes: 420 });
    return {
      isOpen: isSlipUploadOpen(s, this.clock.now()),
      closedFrom: s.closedFrom,
      closedTo: s.closedTo,
      uploadWithinMinutes: s.uploadWithinMinutes,
    };
  }

  sources(): Promise<{ code: string; description: string }[]> {
    return this.local('sources', []);
  }

  registerOTP(): Promise<boolean> {
    return this.settings.get('registerOTP', true);
  }

  enableChatWidget(): Promise<boolean> {
    return this.settings.get('enableChatWidget', false);
  }
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** Uploads close daily from closedFrom to closedTo, local time; the window may span midnight. */
export function isSlipUploadOpen(s: Pick<SlipSetting, 'closedFrom' | 'closedTo' | 'utcOffsetMinutes'>, at: Date): boolean {
  if (!s.closedFrom || !s.closedTo) return true;
  const local = (((at.getUTCHours() * 60 + at.getUTCMinutes() + s.utcOffsetMinutes) % 1440) + 1440) % 1440;
  const from = minutesOf(s.closedFrom);
  const to = minutesOf(s.closedTo);
  const closed = from <= to ? local >= from && local < to : local >= from || local < to;
  return !closed;
}
