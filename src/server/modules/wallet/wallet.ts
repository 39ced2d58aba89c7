import type { Locale } from '../../../contract';
import { toMajor } from '../../../contract';
import { DomainError } from '../../errors';
import { house, HOUSE, wallet } from '../../ledger/accounts';
import { answerBody, type MoneyAnswer } from '../../ledger/answer';
import { MoneyRules } from '../../settings/money-rules';
import { ProviderSwitches } from '../../settings/provider-switches';
import type { Settings } from '../../settings/settings';
import { GameAccounts } from './game-accounts';
import type { MoneyContext } from './money-context';
import { Reconciler } from './reconciler';
import { statementPage } from './statement';
import type { ListPageRequest } from '../../db/member-lists';
import { Transfers } from './transfers';
import { WalletView, type BankNames } from './wallet-view';
import { Withdrawals } from './withdrawals';

/** The money side of the product, composed once per app. */
export class Wallet {
  readonly transfers: Transfers;
  readonly withdrawals: Withdrawals;
  readonly games: GameAccounts;
  readonly view: WalletView;
  readonly reconciler: Reconciler;

  readonly rules: MoneyRules;
  /** Which game providers the operators switched off (read on every request, cached about a second). */
  readonly switches: ProviderSwitches;

  constructor(readonly money: MoneyContext, settings: Settings, bankNames: BankNames, reconcileGraceMs: number) {
    this.rules = new MoneyRules(settings);
    this.switches = new ProviderSwitches(settings);
    this.transfers = new Transfers(money, this.rules, this.switches);
    this.withdrawals = new Withdrawals(money, this.rules);
    this.games = new GameAccounts(money, this.switches);
    this.view = new WalletView(money, this.games, bankNames);
    this.reconciler = new Reconciler(money, this.transfers, this.withdrawals, reconcileGraceMs);
  }

  /** Sandbox only: credits the wallet as a bank deposit would, once per key. */
  async sandboxFund(memberId: number, key: string, amount: bigint): Promise<MoneyAnswer> {
    if (amount <= 0n) throw new DomainError('TRANSFER_MINIMUM');
    const currency = await this.money.currencyOf(memberId);
    await this.rules.checkStep(currency, amount);
    const moved = await this.money.request({ memberId, key, operation: 'sandbox_fund', payload: { amount: amount.toString() } }, async (step) => {
      const posted = await step.post({
        kind: 'deposit', memberId, currency, description: { channel: 'sandbox' },
        postings: [{ account: wallet(memberId), amount }, { account: house(HOUSE.deposits('sandbox')), amount: -amount }],
      });
      step.tell(memberId, { kind: 'deposit.credited', amount, currency });
      return { answer: answerBody({ wallet: { amount: toMajor([...posted.balances.values()][0]) } }) };
    });
    return moved.answer;
  }

  statement(memberId: number, request: ListPageRequest, language?: Locale) {
    return statementPage(this.money, memberId, request, language);
  }
}
