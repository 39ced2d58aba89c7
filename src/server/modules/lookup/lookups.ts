import { HOWTO_TOPICS, type Country, type Currency, type HowtoTopic, type Locale, type ResponseOf } from '../../../contract';
import type { endpoints } from '../../../contract';
import type { Clock } from '../../clock';
import type { ContentLanguages, ContentReader } from '../../content/content-languages';
import type { LocalizedText } from '../../content/localized-text';
import { sanitizeOperatorHtml } from '../../content/operator-html';
import { refuse } from '../../errors';
import { MoneyRules } from '../../settings/money-rules';
import type { Settings } from '../../settings/settings';

type Bank = ResponseOf<typeof endpoints.lookupBanks>[number];
type BankName = ResponseOf<typeof endpoints.accountProfile>['bankAccount']['bank'];
type Deposit = ResponseOf<typeof endpoints.lookupDeposit>;
type MoneyLookup = ResponseOf<typeof endpoints.lookupMoney>;
type Howto = ResponseOf<typeof endpoints.lookupHowto>;
/** The `howto` setting the configuration's content section writes: a text per language, '' where the page keeps its own. */
interface HowtoSetting { title: LocalizedText; subtitle: LocalizedText; topics: Partial<Record<HowtoTopic, { title: LocalizedText; summary: LocalizedText }>> }
type DepositBankSetting = Omit<Deposit['banks'][number], 'bank'> & { bank?: { nameTH: string; nameEN: string; name?: LocalizedText } };
interface DepositSetting { banks: DepositBankSetting[]; wallets: Deposit['wallets']; isManual: boolean }
interface SlipSetting { closedFrom: string | null; closedTo: string | null; uploadWithinMinutes: number; utcOffsetMinutes: number }
/** A bank as the operator lists it: nameTH (local script) and nameEN of SPEC, and since 0010 a name per language. */
interface BankSetting { code: string; nameTH: string; nameEN: string; name?: LocalizedText; logo?: string }

/**
 * The lookups of SPEC section 7, read from operator settings (seeded by 0005_member_access,
 * given languages by 0010_content_languages). Content that differs between the builds lives
 * under `<name>.<COUNTRY>`; every text answers in the caller's language (server/content).
 */
export class Lookups {
  private readonly money: MoneyRules;

  constructor(
    private readonly settings: Settings,
    private readonly country: Country,
    private readonly clock: Clock,
    readonly languages: ContentLanguages,
  ) {
    this.money = new MoneyRules(settings);
  }

  private local<T>(name: string, fallback: T): Promise<T> {
    return this.settings.get<T>(`${name}.${this.country}`, fallback);
  }

  private text(language: Locale | undefined): Promise<ContentReader> {
    return this.languages.reader(language);
  }

  /**
   * A bank's names: `name` in the caller's language, then the operator's fallback order (the
   * one rule for every screen that names a bank); nameTH and nameEN stay SPEC's fields, nameTH
   * being the build's local script (Lao in the Laos build).
   */
  private nameOf(bank: { nameTH: string; nameEN: string; name?: LocalizedText }, text: ContentReader): BankName {
    const names: LocalizedText = { [this.languages.local]: bank.nameTH, en: bank.nameEN, ...bank.name };
    return { nameTH: names[this.languages.local] ?? bank.nameTH, nameEN: names.en ?? bank.nameEN, name: text.pick(names, bank.nameEN) };
  }

  private bankSettings(): Promise<BankSetting[]> {
    return this.local<BankSetting[]>('banks', []);
  }

  async banks(language?: Locale): Promise<Bank[]> {
    const text = await this.text(language);
    return (await this.bankSettings()).map((b) => ({ code: b.code, ...this.nameOf(b, text), ...(b.logo ? { logo: b.logo } : {}) }));
  }

  /** Whether the code is a bank of the country's list. */
  async bank(code: string): Promise<BankSetting | undefined> {
    return (await this.bankSettings()).find((b) => b.code === code);
  }

  /** A bank's names for display; a code no longer listed shows as itself. */
  async bankName(code: string, language?: Locale): Promise<BankName> {
    const bank = await this.bank(code);
    if (!bank) return { nameTH: code, nameEN: code, name: code };
    return this.nameOf(bank, await this.text(language));
  }

  /**
   * Where this member can deposit: in Laos only the accounts of the member's currency (or of
   * none given); the
   * accounts at the member's own bank first, since a transfer within one bank arrives fastest.
   */
  async deposit(member: { bankCode: string; currency: Currency }, language?: Locale): Promise<Deposit> {
    const setting = await this.local<DepositSetting>('deposit', { banks: [], wallets: [], isManual: false });
    const text = await this.text(language);
    const banks = await this.bankSettings();
    const listed = new Map(banks.map((b) => [b.code, b]));
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
        bank: this.nameOf(b.bank ?? listed.get(b.bankCode) ?? { nameTH: b.bankCode, nameEN: b.bankCode }, text),
        ...(b.instructionImage ? { instructionImage: b.instructionImage } : {}),
      })),
      wallets: setting.wallets,
      isManual: setting.isManual,
    };
  }

  async conditions(language?: Locale): Promise<string[]> {
    const text = await this.text(language);
    const items = text.pick(await this.local<LocalizedText<string[]> | string[]>('conditions', []), []);
    return paragraphs(items);
  }

  /** The version alone needs no language: members accept a version, whatever language they read it in. */
  async agreements(language?: Locale): Promise<{ version: number; items: string[] }> {
    const setting = await this.local<{ version: number; items: LocalizedText<string[]> | string[] }>('agreements', { version: 1, items: [] });
    const text = await this.text(language);
    return { version: setting.version, items: paragraphs(text.pick(setting.items, [])) };
  }

  info(): Promise<{ name: string; website: string }> {
    return this.settings.get('info', { name: '', website: '' });
  }

  /**
   * A bonus's own percentFail by its code (set by the promotions module, which owns bonuses);
   * undefined for a code it does not know.
   */
  bonusPercentFail: (code: string) => Promise<number | undefined> = async () => undefined;

  /**
   * The bonus dialog's notice. About one bonus (`code`), it states that bonus's own percentFail,
   * so the dialog and the bonus never disagree (issue 27: every dialog promised the general 50%
   * while each bonus's rule was 10% or 20%); without a code, the operator's general value.
   */
  async notice(language?: Locale, code?: string): Promise<{ notice: string; percentFail: number }> {
    const setting = await this.local<{ text: LocalizedText | string; percentFail: number }>('notice', { text: '', percentFail: 0 });
    const own = code === undefined ? setting.percentFail : await this.bonusPercentFail(code);
    if (own === undefined) refuse('NOT_FOUND', `no bonus ${code}`);
    const text = (await this.text(language)).pick(setting.text, '');
    return { notice: text.replaceAll('{percentFail}', String(own)), percentFail: own! };
  }

  async contact(language?: Locale): Promise<{ contactText: string; lineLink: string; lineName: string; lineQR: string }> {
    const c = await this.local<{ contactText: LocalizedText | string; lineLink: string; lineName: string; lineQR: string }>(
      'contact', { contactText: '', lineLink: '', lineName: '', lineQR: '' },
    );
    const text = await this.text(language);
    return { contactText: text.pick(c.contactText, ''), lineLink: c.lineLink, lineName: c.lineName, lineQR: c.lineQR };
  }

  /** The withdraw bounds of the member's currency, in decimal amounts (`money.rules`, 0017). */
  async withdraw(currency: Currency): Promise<{ withdrawMin: number; withdrawMax: number }> {
    const { withdrawMin, withdrawMax } = await this.money.of(currency);
    return { withdrawMin, withdrawMax };
  }

  /** Every money rule of the member's currency the client checks before asking (the server checks again). */
  async moneyRules(currency: Currency): Promise<MoneyLookup> {
    const { step, transferMin, withdrawMin, withdrawMax, qr } = await this.money.of(currency);
    return { currency, step, decimals: decimalsOf(step), transferMin, withdrawMin, withdrawMax, qr };
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

  async sources(language?: Locale): Promise<{ code: string; description: string }[]> {
    const text = await this.text(language);
    const sources = await this.local<{ code: string; description: LocalizedText | string }[]>('sources', []);
    return sources.map((s) => ({ code: s.code, description: text.pick(s.description, s.code) }));
  }

  /**
   * The how-to page's texts the operator wrote (the `howto` setting, the configuration's content
   * section), in the caller's language only: where the operator left a language empty, the page
   * keeps its own text in the member's language (null).
   */
  async howto(language?: Locale): Promise<Howto> {
    const s = await this.settings.get<Partial<HowtoSetting>>('howto', {});
    const chosen = language ?? this.languages.local;
    const own = (text: LocalizedText | undefined) => {
      const value = text?.[chosen];
      return typeof value === 'string' && value.trim() !== '' ? value : null;
    };
    return {
      title: own(s.title),
      subtitle: own(s.subtitle),
      topics: Object.fromEntries(HOWTO_TOPICS.map((t) => [t, { title: own(s.topics?.[t]?.title), summary: own(s.topics?.[t]?.summary) }])) as Howto['topics'],
    };
  }

  registerOTP(): Promise<boolean> {
    return this.settings.get('registerOTP', true);
  }

  enableChatWidget(): Promise<boolean> {
    return this.settings.get('enableChatWidget', false);
  }
}

/** Operator html paragraphs as members get them: sanitised, the empty ones (left empty in this language) skipped. */
const paragraphs = (items: unknown[]): string[] =>
  items.filter((i): i is string => typeof i === 'string').map(sanitizeOperatorHtml).filter((i) => i.trim() !== '');

/** The decimal places an amount in whole numbers of `step` can have: 1 → 0, 0.01 → 2. */
export const decimalsOf = (step: number): number => {
  for (let places = 0; places < 2; places++) if (Number.isInteger(Math.round(step * 10 ** places * 1e6) / 1e6)) return places;
  return 2;
};

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
