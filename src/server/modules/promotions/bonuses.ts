import type { Selectable } from 'kysely';
import { LOCALES, toMajor, type Currency, type Locale } from '../../../contract';
import type { Clock } from '../../clock';
import type { BonusDefinitionTable } from '../../db/schema';
import { DomainError } from '../../errors';
import { syncGameBalance } from '../wallet/game-sync';
import type { MoneyStep } from '../../ledger/envelope';
import type { MoneyContext } from '../wallet/money-context';
import { forfeitHeldBonus } from './forfeit';
import { depositStillHeld } from './held-deposit';
import { takeMemberTurn } from '../../ledger/member-accounts';
import { HeldBonuses, isUniqueViolation } from './member-bonus';
import { bonusFiguresIn, bonusText, figuresView, type BonusFigures } from './currency-figures';
import { bonusAmount, bonusTargets, receiptsCounted } from './rules';
import { bannersIn, localized, sanitizeOperatorHtml } from './texts';

type Kind = 'bonus' | 'promotion';

/** A statement row's words for a bonus: its code and the operator's text, without its markup. */
const statementText = (code: string, html: string) => `${code} · ${html.replace(/<[^>]*>/g, '')}`;

/** A percent bonus, or one with a minimum deposit, is given on a deposit; a plain fixed one is not. */
const needsDeposit = (f: BonusFigures) => f.percent !== null || f.minDeposit > 0n;

/** The refusal /api/bonus/clear answers, or null when it would end the bonus. */
type ClearRefusal = 'BONUS_CONDITION' | 'BONUS_GAME_MONEY' | null;

/** The refusals of activation, per kind: a promotion answers with its own codes. */
const REFUSAL: Record<Kind, { unknown: 'NOT_FOUND' | 'NO_PROMOTION'; exhausted: 'BONUS_MAX_CLAIMED' | 'PROMOTION_RECEIVED' }> = {
  bonus: { unknown: 'NOT_FOUND', exhausted: 'BONUS_MAX_CLAIMED' },
  promotion: { unknown: 'NO_PROMOTION', exhausted: 'PROMOTION_RECEIVED' },
};

/**
 * Bonuses and promotion codes the operator defines, received by members (see README.md for
 * the rules): activation counts the receipts of the type's window, takes one of the quota,
 * works the amount out of the qualifying deposit, and credits it through the ledger.
 */
export class Bonuses {
  readonly held: HeldBonuses;

  constructor(private readonly money: MoneyContext, private readonly clock: Clock) {
    this.held = new HeldBonuses(money, clock);
  }

  /**
   * The definitions offered now: active and between their dates (0032_bonus_schedule; null: no
   * bound), against the app clock. Outside its dates a code is refused as an unknown one is.
   */
  private offered() {
    const now = this.clock.now();
    return this.money.db.selectFrom('bonus_definition').where('active', '=', true)
      .where((eb) => eb.and([
        eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]),
        eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]),
      ]));
  }

  private definition(code: string, kind: Kind) {
    return this.offered().selectAll().where('code', '=', code.toUpperCase()).where('kind', '=', kind).executeTakeFirst();
  }

  private async receipts(memberId: number, code?: string) {
    let q = this.money.db.selectFrom('member_bonus').select(['id', 'code', 'status', 'received_at']).where('member_id', '=', memberId);
    if (code) q = q.where('code', '=', code);
    return q.orderBy('id', 'asc').execute();
  }

  private async currencyOf(memberId: number): Promise<Currency> {
    return (await this.money.currencyOf(memberId)) as Currency;
  }

  /**
   * GET /api/bonus: the bonuses offered now (active, between their dates) in the member's currency, each with its own
   * figures in that currency and its texts naming them, and the member's receipts of each.
   */
  async list(memberId: number, language: Locale) {
    const [definitions, receipts, currency] = await Promise.all([
      this.offered().selectAll().where('kind', '=', 'bonus').orderBy('position').orderBy('code').execute(),
      this.receipts(memberId),
      this.currencyOf(memberId),
    ]);
    return definitions.flatMap((d) => {
      const figures = bonusFiguresIn(d, currency);
      if (!figures) return [];
      const own = receipts.filter((r) => r.code === d.code);
      const latest = own.at(-1);
      return [{
        code: d.code,
        type: d.type,
        maxReceived: d.max_received,
        ...figuresView(figures),
        description: bonusText(localized(d.description, language), figures, language),
        banners: bannersIn(d.banners, language, (html) => bonusText(html, figures, language)),
        userBonus: latest ? { _id: String(latest.id), isActive: latest.status === 'active', received: own.map((r) => ({ updatedAt: r.received_at.toISOString() })) } : null,
      }];
    });
  }

  /** GET /api/promotion/find/:code: the promotion offered now, with its own figures in the member's currency (none there: NO_PROMOTION). */
  async findPromotion(memberId: number, code: string, language: Locale) {
    return this.promotionView(memberId, await this.definition(code, 'promotion'), language);
  }

  private async promotionView(memberId: number, d: Selectable<BonusDefinitionTable> | undefined, language: Locale) {
    const figures = d && bonusFiguresIn(d, await this.currencyOf(memberId));
    if (!d || !figures) throw new DomainError('NO_PROMOTION');
    return { code: d.code, ...figuresView(figures), description: sanitizeOperatorHtml(bonusText(localized(d.description, language), figures, language)) };
  }

  /** GET /api/promotion/current: the promotion the member holds (still shown once its dates are past: it is held). */
  async currentPromotion(memberId: number, language: Locale) {
    const held = await this.held.held(this.money.db, memberId);
    if (!held || held.source !== 'promotion') return { promotion: null };
    const d = await this.money.db.selectFrom('bonus_definition').selectAll()
      .where('code', '=', held.code).where('kind', '=', 'promotion').where('active', '=', true).executeTakeFirst();
    return { promotion: await this.promotionView(memberId, d, language).catch(() => null) };
  }

  /**
   * Receives a bonus (or a promotion code) as the member's held bonus. Naturally idempotent:
   * asking again while it is held answers the same user bonus and moves nothing; two requests
   * at once meet at the unique index of the active bonus, and one of them moves money. Its
   * statement words are booked in every language, so nothing here depends on the caller's.
   */
  async activate(memberId: number, code: string, kind: Kind) {
    const definition = await this.definition(code, kind);
    // A bonus is given in the member's currency's figures; one with none for it is not offered.
    const figures = definition && bonusFiguresIn(definition, await this.currencyOf(memberId));
    if (!definition || !figures) throw new DomainError(REFUSAL[kind].unknown);
    // What the deposit left in a game is counted as the provider holds it: a loss there that the
    // ledger has not learnt yet is not held. A provider that does not answer keeps its booked figure.
    if (needsDeposit(figures)) await this.syncGames(memberId);
    try {
      await this.money.step(async (step) => {
        const { trx } = step;
        // Safer play (issue 31): nothing is given to a member on a break or self-excluded.
        await this.money.hooks.giftGate(step.trx, memberId);
        // One member's activations take turns: a second one then sees the bonus the first gave
        // (BONUS_ALREADY_ACTIVE), not only the deposit it used (which would read BONUS_NO_DEPOSIT);
        // and so do a withdrawal and a coupon claim, so the deposit still held is read after them.
        await takeMemberTurn(trx, memberId);
        const held = await this.held.held(trx, memberId);
        if (held) {
          if (held.code === definition.code) return undefined;
          throw new DomainError('BONUS_ALREADY_ACTIVE');
        }
        const receipts = await trx.selectFrom('member_bonus').select('received_at')
          .where('member_id', '=', memberId).where('code', '=', definition.code).execute();
        if (receiptsCounted(definition.type, receipts.map((r) => r.received_at), this.clock.now()) >= definition.max_received) {
          throw new DomainError(REFUSAL[kind].exhausted);
        }
        const deposit = await this.qualifyingDeposit(trx, memberId, figures);
        const amount = bonusAmount(figures, deposit?.amount ?? 0n);
        if (amount <= 0n) throw new DomainError('BONUS_NO_DEPOSIT');
        // The quota is one conditional update, so concurrent members never overrun it.
        const taken = await trx.updateTable('bonus_definition').set((eb) => ({ received_total: eb('received_total', '+', 1) }))
          .where('code', '=', definition.code)
          .where((eb) => eb.or([eb('quota', 'is', null), eb('received_total', '<', eb.ref('quota'))]))
          .executeTakeFirst();
        if (!taken.numUpdatedRows) throw new DomainError('BONUS_FULL');
        const depositAmount = deposit?.amount ?? 0n;
        const { target, minimum } = bonusTargets(depositAmount, amount, definition.turnover_multiplier, definition.percent_fail);
        return this.held.grant(step, {
          memberId, source: kind, code: definition.code, amount, depositAmount, depositEntryId: deposit?.entryId ?? null,
          target, minimum, percentFail: definition.percent_fail, categories: definition.categories,
          description: Object.fromEntries(LOCALES.map((l) => [l, statementText(definition.code, bonusText(localized(definition.description, l), figures, l))])),
        });
      });
    } catch (error) {
      // Another request of the member won the race for the active bonus (or the deposit).
      if (!isUniqueViolation(error)) throw error;
      const held = await this.held.held(this.money.db, memberId);
      if (!held || held.code !== definition.code) throw new DomainError(kind === 'promotion' && !held ? 'PROMOTION_RECEIVED' : 'BONUS_ALREADY_ACTIVE');
    }
    return this.userBonus(memberId, definition.code);
  }

  /** An active bonus's or promotion's own percentFail, by its code (any case); undefined when there is none. */
  async percentFail(code: string): Promise<number | undefined> {
    // Not bound by the dates: a held bonus's dialog still states its rule after the bonus ended.
    const d = await this.money.db.selectFrom('bonus_definition').select('percent_fail')
      .where('code', '=', code.toUpperCase()).where('active', '=', true).executeTakeFirst();
    return d?.percent_fail;
  }

  /** The receipts of one bonus, as the contract's user bonus. */
  async userBonus(memberId: number, code: string) {
    const own = await this.receipts(memberId, code);
    const latest = own.at(-1)!;
    return { _id: String(latest.id), isActive: latest.status === 'active', received: own.map((r) => ({ updatedAt: r.received_at.toISOString() })) };
  }

  /**
   * The deposit a bonus is given for: the member's latest deposit, if no bonus was given for it
   * yet, counted as far as it is still held (`depositStillHeld`: less the withdrawals since it,
   * at most the balance), which must reach the bonus's minimum. A fixed bonus without a minimum
   * needs none. Without this, a deposit withdrawn before activation bought a bonus with nothing
   * of the member's behind it (issue 25).
   */
  private async qualifyingDeposit(trx: MoneyStep['trx'], memberId: number, figures: BonusFigures) {
    if (!needsDeposit(figures)) return undefined;
    const latest = await trx.selectFrom('ledger_entry')
      .innerJoin('ledger_posting', 'ledger_posting.entry_id', 'ledger_entry.id')
      .innerJoin('ledger_account', 'ledger_account.id', 'ledger_posting.account_id')
      .select(['ledger_entry.id', 'ledger_posting.amount'])
      .where('ledger_entry.member_id', '=', memberId).where('ledger_entry.kind', '=', 'deposit')
      .where('ledger_account.member_id', '=', memberId)
      .orderBy('ledger_entry.id', 'desc').limit(1).executeTakeFirst();
    if (!latest) throw new DomainError('BONUS_NO_DEPOSIT');
    const used = await trx.selectFrom('member_bonus').select('id').where('deposit_entry_id', '=', latest.id).executeTakeFirst();
    if (used) throw new DomainError('BONUS_NO_DEPOSIT');
    const entryId = BigInt(latest.id);
    const held = await depositStillHeld(trx, memberId, { entryId, amount: BigInt(latest.amount) });
    if (held <= 0n || held < figures.minDeposit) throw new DomainError('BONUS_NO_DEPOSIT');
    return { entryId, amount: held };
  }

  /** GET /api/bonus/check/active. */
  async checkActive(memberId: number) {
    const held = await this.held.held(this.money.db, memberId);
    return { status: Boolean(held), type: held?.source ?? null };
  }

  /**
   * The member's balances (wallet and every game account), with the game accounts synced from
   * their providers first: a win at a provider the ledger has not seen yet must count.
   * Undefined when a provider does not answer, since the rule can then not be judged.
   */
  private async balances(memberId: number): Promise<{ whole: bigint; inGames: bigint } | undefined> {
    if (!(await this.syncGames(memberId))) return undefined;
    const rows = await this.money.db.selectFrom('ledger_account').select(['kind', 'balance']).where('member_id', '=', memberId).execute();
    const sum = (of: typeof rows) => of.reduce((total, r) => total + BigInt(r.balance), 0n);
    return { whole: sum(rows), inGames: sum(rows.filter((r) => r.kind === 'game')) };
  }

  /**
   * What /api/bonus/clear would answer now, judged as it judges: the whole balance below the
   * lower bound, and, for a bonus with no turnover played (which is given back, `forfeit.ts`),
   * no money left in a game. /api/bonus/check/minimum answers the same verdict, so the client
   * offers "cancel bonus" only when the server would accept it (issue 27).
   */
  private async clearVerdict(memberId: number, held: { minimum: bigint | string; turnover_done: bigint | string }): Promise<ClearRefusal> {
    const balances = await this.balances(memberId);
    if (balances === undefined || balances.whole >= BigInt(held.minimum)) return 'BONUS_CONDITION';
    if (BigInt(held.turnover_done) === 0n && balances.inGames > 0n) return 'BONUS_GAME_MONEY';
    return null;
  }

  /** Books every active game account's balance as its provider holds it; false when one could not be read. */
  private async syncGames(memberId: number): Promise<boolean> {
    const games = await this.money.db.selectFrom('game_account').select('provider_code')
      .where('member_id', '=', memberId).where('is_active', '=', true).execute();
    const synced = await Promise.all(games.map((g) => syncGameBalance(this.money, memberId, g.provider_code).catch(() => false)));
    return !synced.includes(false);
  }

  /** GET /api/bonus/check/minimum: whether the held bonus may be ended now, and if not, the refusal clear would answer. */
  async checkMinimum(memberId: number) {
    const held = await this.held.held(this.money.db, memberId);
    if (!held) return { status: false, minimum: 0, refusal: 'BONUS_CONDITION' as const };
    const refusal = await this.clearVerdict(memberId, held);
    return { status: refusal === null, minimum: toMajor(BigInt(held.minimum)), refusal };
  }

  /**
   * GET /api/bonus/clear: ends the held bonus when the balance is below its lower bound (the
   * caller reads its turnover from the providers first). What is left is the member's own only
   * when they played on the bonus (some of its turnover done): that is the stake of theirs that
   * was at risk. With no turnover played, ending it gives the bonus back (`forfeitHeldBonus`), so
   * the house's money never becomes the member's by being ended unplayed (issue 25).
   */
  async clear(memberId: number) {
    const held = await this.held.held(this.money.db, memberId);
    if (!held) throw new DomainError('BONUS_CONDITION');
    const refusal = await this.clearVerdict(memberId, held);
    if (refusal) throw new DomainError(refusal);
    await this.money.step(async (step) => {
      const { trx } = step;
      // Member row first, as a withdrawal takes it before the wallet; then the bonus row, so a
      // turnover read that commits meanwhile is either seen here or waits for the end.
      await takeMemberTurn(trx, memberId);
      const row = await trx.selectFrom('member_bonus').selectAll().where('id', '=', held.id).where('status', '=', 'active').forUpdate().executeTakeFirst();
      if (!row) return;
      if (BigInt(row.turnover_done) > 0n) await this.held.end(step, row.id, 'cleared');
      else await forfeitHeldBonus(step, row, 'cleared', this.clock.now());
    });
    return { message: 'BONUS_CLEAR' as const };
  }

  /** GET /api/bonus/current: the held bonus and its turnover. */
  async current(memberId: number, language: Locale) {
    const held = await this.held.held(this.money.db, memberId);
    return { bonus: held ? await this.held.view(held, language) : null };
  }
}
