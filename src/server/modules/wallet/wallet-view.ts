import { toMajor, type Locale } from '../../../contract';
import type { GameAccounts } from './game-accounts';
import { syncGameBalance } from './game-sync';
import type { MoneyContext } from './money-context';

export type BankNames = (bankCode: string, language?: Locale) => Promise<{ nameTH: string; nameEN: string; name: string }>;

/** The home screen's data: profile, bank account, wallet, invite summary, game accounts. */
export class WalletView {
  /** The invite summary (set by the promotions module); nobody has earned anything without it. */
  inviteSummary: (memberId: number) => Promise<{ amount: number; success: number; fail: number }> = async () => ({ amount: 0, success: 0, fail: 0 });

  constructor(private readonly money: MoneyContext, private readonly games: GameAccounts, private readonly bankNames: BankNames) {}

  async walletAmount(memberId: number) {
    const row = await this.money.db.selectFrom('ledger_account').select('balance')
      .where('member_id', '=', memberId).where('kind', '=', 'wallet').executeTakeFirst();
    return toMajor(row?.balance ?? 0n);
  }

  async home(memberId: number, language?: Locale) {
    const member = await this.money.db.selectFrom('member').selectAll().where('id', '=', memberId).executeTakeFirstOrThrow();
    const [amount, slots, bank, invite] = await Promise.all([
      this.walletAmount(memberId), this.games.list(memberId, language), this.bankNames(member.bank_code, language), this.inviteSummary(memberId),
    ]);
    return {
      profile: { name: member.name, username: member.username, _id: String(member.id), coin: member.coin },
      bankAccount: { bankCode: member.bank_code, bankAccountName: member.bank_account_name, bankAccountNo: member.bank_account_no, bank },
      wallet: { amount },
      currency: member.currency,
      invite,
      slots,
    };
  }

  /** Asks every active game's provider for its balance, books the differences, returns the accounts. */
  async refresh(memberId: number, language?: Locale) {
    const active = await this.money.db.selectFrom('game_account').select('provider_code')
      .where('member_id', '=', memberId).where('is_active', '=', true).execute();
    // A provider that does not answer keeps its last known balance.
    await Promise.all(active.map((a) => syncGameBalance(this.money, memberId, a.provider_code).catch(() => false)));
    const [amount, slots] = await Promise.all([this.walletAmount(memberId), this.games.list(memberId, language)]);
    return { wallet: { amount }, slots };
  }
}
