import type { Kysely, Selectable, Transaction } from 'kysely';
import { toMajor, type BonusType, type Currency, type GameCategory, type Locale } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB, MemberBonusTable } from '../../db/schema';
import { DomainError } from '../../errors';
import { house, HOUSE, wallet } from '../../ledger/accounts';
import { answerBody } from '../../ledger/answer';
import type { Money, MoneyStep } from '../../ledger/envelope';
import type { LocalizedText } from '../../content/localized-text';
import { bonusFiguresIn, bonusText } from './currency-figures';
import { turnoverPercent } from './rules';

export type BonusSource = 'bonus' | 'promotion' | 'invite' | 'refund';
export type HeldBonusRow = Selectable<MemberBonusTable>;

/** What a new held bonus is given with (from a definition, an invite claim or a refund). */
export interface BonusGrant {
  memberId: number;
  source: BonusSource;
  code: string;
  /** Minor units credited to the wallet (statement type `bonus`). */
  amount: bigint;
  depositAmount: bigint;
  depositEntryId: bigint | null;
  target: bigint;
  minimum: bigint;
  percentFail: number;
  categories: readonly string[];
  /**
   * The statement's linked object shows this, in the language the member reads the statement in
   * then, not the one of the day the bonus came: the operator's text in every language (a
   * bonus or promotion), or the source's own marker ('INVITE', 'REFUND') the client words itself.
   */
  description: LocalizedText | string;
}

/**
 * The member's currency read in the caller's transaction: PGlite has one connection, so a read
 * outside the open transaction would wait for it forever.
 */
/** The socket event a member's open pages receive when their held bonus moves. */
export const BONUS_CHANGED = 'bonus.changed';

export async function currencyIn(trx: Transaction<DB>, memberId: number): Promise<string> {
  const row = await trx.selectFrom('member').select('currency').where('id', '=', memberId).executeTakeFirstOrThrow();
  return row.currency;
}

/** Postgres answers 23505 when a unique index refuses a row. */
export const isUniqueViolation = (error: unknown, index?: string) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505'
  && (!index || String((error as { constraint?: string; message?: string }).constraint ?? (error as Error).message).includes(index));

/**
 * A member's bonus as a state model in the database: none held (available) → active →
 * completed (the turnover was met) | cleared (ended by the member below its lower bound) |
 * expired (given up by withdrawing the whole balance before the turnover was met). The unique
 * index member_bonus_one_active keeps one active bonus per member whatever runs at once.
 */
export class HeldBonuses {
  constructor(private readonly money: Money, private readonly clock: Clock) {}

  get db(): Kysely<DB> {
    return this.money.db;
  }

  held(db: Kysely<DB> | Transaction<DB>, memberId: number) {
    return db.selectFrom('member_bonus').selectAll().where('member_id', '=', memberId).where('status', '=', 'active').executeTakeFirst();
  }

  /**
   * Gives a held bonus in the caller's transaction: the member_bonus row, then the credit
   * through the ledger (kind `bonus`, referenced by the row, so it is booked once). A second
   * active bonus fails on the unique index (the caller maps it to BONUS_ALREADY_ACTIVE).
   */
  async grant(step: MoneyStep, grant: BonusGrant): Promise<HeldBonusRow> {
    const { trx } = step;
    const row = await trx.insertInto('member_bonus').values({
      member_id: grant.memberId, code: grant.code, status: 'active', ended_at: null, outcome: null,
      source: grant.source, amount: grant.amount, deposit_amount: grant.depositAmount, deposit_entry_id: grant.depositEntryId,
      turnover_target: grant.target, minimum: grant.minimum, percent_fail: grant.percentFail,
      categories: [...grant.categories], received_at: this.clock.now(),
    }).returningAll().executeTakeFirstOrThrow();
    await step.register({ memberId: grant.memberId, key: `member_bonus:${row.id}`, operation: 'bonus_grant', payload: { code: grant.code } }, answerBody({ id: String(row.id) }));
    step.announce(grant.memberId, BONUS_CHANGED);
    if (grant.amount > 0n) {
      await step.post({
        kind: 'bonus', memberId: grant.memberId, currency: await currencyIn(trx, grant.memberId),
        reference: `member_bonus:${row.id}`,
        description: { source: grant.source, code: grant.code, description: grant.description },
        postings: [{ account: wallet(grant.memberId), amount: grant.amount }, { account: house(HOUSE.bonusExpense), amount: -grant.amount }],
      });
    }
    return row;
  }

  /**
   * Ends the active bonus with an outcome, once: the conditional update is the guard, so two
   * processes that both see the target reached end it (and book `finish_bonus`) once.
   */
  async end(step: MoneyStep, bonusId: bigint, outcome: 'completed' | 'cleared' | 'expired', forfeited = 0n): Promise<HeldBonusRow | undefined> {
    const ended = await step.trx.updateTable('member_bonus')
      .set({ status: 'ended', outcome, ended_at: this.clock.now(), forfeited })
      .where('id', '=', bonusId).where('status', '=', 'active')
      .returningAll().executeTakeFirst();
    if (ended) step.announce(ended.member_id, BONUS_CHANGED);
    if (ended && outcome === 'completed') {
      // No money moves when a bonus completes: what it was played into is the member's own
      // from now on. The entry is the statement's `finish_bonus` row, linked to the bonus.
      await step.post({
        kind: 'finish_bonus', memberId: ended.member_id, currency: await currencyIn(step.trx, ended.member_id),
        reference: `member_bonus:${ended.id}`,
        description: { source: ended.source, code: ended.code, amount: ended.amount.toString(), turnover: ended.turnover_done.toString() },
        postings: [{ account: wallet(ended.member_id), amount: 0n }, { account: house(HOUSE.bonusExpense), amount: 0n }],
      });
      // Only a met turnover is told (a push): the member ended a cleared or expired bonus themselves,
      // and one forfeited by a break or self-exclusion must not call them back to play.
      step.tell(ended.member_id, { kind: 'bonus.finished', outcome: 'completed', amount: BigInt(ended.amount), currency: await currencyIn(step.trx, ended.member_id) });
    }
    return ended;
  }

  /** The held bonus as the contract answers it (with its live turnover), its text naming the member's own figures. */
  async view(row: HeldBonusRow, language: Locale) {
    const currency = (await this.money.currencyOf(row.member_id)) as Currency;
    const definition = await this.db.selectFrom('bonus_definition').selectAll().where('code', '=', row.code).executeTakeFirst();
    const figures = definition && bonusFiguresIn(definition, currency);
    const text = definition ? descriptionIn(definition.description, language) : row.code;
    return heldBonusView(row, definition?.type ?? null, figures ? bonusText(text, figures, language) : text, currency);
  }
}

function descriptionIn(text: unknown, language: Locale): string {
  if (text && typeof text === 'object') {
    const t = text as Partial<Record<Locale, string>>;
    return t[language] ?? t.en ?? '';
  }
  return typeof text === 'string' ? text : '';
}

export function heldBonusView(row: HeldBonusRow, type: BonusType | null, description: string, currency: Currency) {
  const done = BigInt(row.turnover_done);
  const target = BigInt(row.turnover_target);
  return {
    _id: String(row.id),
    code: row.code,
    source: row.source,
    type: row.source === 'bonus' || row.source === 'promotion' ? type : null,
    description,
    status: row.status === 'active' ? ('active' as const) : (row.outcome ?? 'expired'),
    amount: toMajor(BigInt(row.amount)),
    depositAmount: toMajor(BigInt(row.deposit_amount)),
    turnover: { done: toMajor(done), required: toMajor(target), percent: turnoverPercent(done, target) },
    minimum: toMajor(BigInt(row.minimum)),
    percentFail: row.percent_fail,
    currency,
    categories: row.categories as GameCategory[],
    receivedAt: row.received_at.toISOString(),
  };
}

/** Raised inside a transaction to roll it back and answer with a code. */
export const refuseBonus = (code: 'BONUS_ALREADY_ACTIVE' | 'BONUS_CONDITION' | 'BONUS_REMAINING'): never => {
  throw new DomainError(code);
};
