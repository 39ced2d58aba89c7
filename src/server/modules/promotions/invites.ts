import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { toMajor, type Locale } from '../../../contract';
import type { DB, PerCurrencyAmount } from '../../db/schema';
import { DomainError } from '../../errors';
import { house, HOUSE, wallet } from '../../ledger/accounts';
import { answerBody } from '../../ledger/answer';
import { withTimeout } from '../../providers/games/adapter';
import type { Settings } from '../../settings/settings';
import type { MoneyContext } from '../wallet/money-context';
import type { HeldBonuses } from './member-bonus';
import { currencyIn, isUniqueViolation } from './member-bonus';
import { fillAmounts } from '../../content/money-text';
import { amountIn } from './currency-figures';
import { bannersIn } from './texts';

/**
 * The operator's invite rule (setting `invite.rule`, seeded by 0012). Amounts in minor units,
 * per member currency since 0026.
 */
export interface InviteRule {
  percent: number;
  firstDeposits: number;
  /** The most one friend earns the referrer, in the referrer's currency; a currency without one earns nothing. */
  capPerFriend: PerCurrencyAmount | number;
  /** Turnover percent of a claimed invite bonus; 0 puts it straight into the wallet. */
  success: number;
  fail: number;
}

const DEFAULT_RULE: InviteRule = { percent: 0, firstDeposits: 0, capPerFriend: {}, success: 0, fail: 0 };

/** A friend's deposit among their first `firstDeposits` that has earned the referrer nothing yet. */
interface UnearnedDeposit {
  friend_id: number;
  entry_id: string;
  amount: string;
  deposited_at: Date;
  /** What the friend's deposits have earned the referrer so far (toward `capPerFriend`). */
  earned: string;
}

/**
 * The invite bonus: a member who registered with `PR<id>` earns the referrer `percent` of each
 * of their first `firstDeposits` deposits, at most `capPerFriend` per friend, once the friend
 * has played that deposit: their bets since it, at every provider, reach its amount. A deposit
 * withdrawn unplayed earns nothing (issue 25: six friends depositing 1,000 and withdrawing it
 * paid the referrer 600). Earnings are worked out from the ledger's deposits and the providers'
 * bet reports (one row per deposit entry, a unique key) whenever the referrer looks, and claimed
 * into the wallet all at once.
 */
export class Invites {
  constructor(private readonly money: MoneyContext, private readonly settings: Settings, private readonly held: HeldBonuses) {}

  rule() {
    return this.settings.get<InviteRule>('invite.rule', DEFAULT_RULE);
  }

  /**
   * Records what the referrer's friends' played deposits earned, and answers how many deposits
   * could still earn but wait for the friend's play. The turnover is read from the providers
   * outside any transaction; the referrer's member row is then locked for the writing so two
   * accruals at once cannot both fill the same friend's cap.
   */
  async accrue(referrerId: number): Promise<{ waitingForPlay: number }> {
    const rule = await this.rule();
    if (rule.percent <= 0 || rule.firstDeposits <= 0) return { waitingForPlay: 0 };
    // Most members invited nobody: their home and wallet reads take no lock at all.
    const friend = await this.money.db.selectFrom('member').select('id').where('referrer_id', '=', referrerId).limit(1).executeTakeFirst();
    if (!friend) return { waitingForPlay: 0 };
    // The referrer earns in their own currency, from friends who hold it: a percent of a deposit
    // in kip is not a figure in baht, and the cap is the referrer's currency's.
    const currency = await this.money.currencyOf(referrerId);
    const cap = amountIn(rule.capPerFriend, currency);
    if (cap === undefined) return { waitingForPlay: 0 };
    // Safer play (issue 31): a friend's deposit made before the referrer's last pause ended never
    // earns (what was earned when it began was given up then), and nothing accrues during one.
    const since = await this.earningSince(referrerId);
    if (since === 'paused') return { waitingForPlay: 0 };
    const counts = (d: UnearnedDeposit) => since === undefined || new Date(d.deposited_at) >= since;
    const unearned = (await unearnedDeposits(this.money.db, referrerId, rule, currency)).filter((d) => BigInt(d.earned) < cap && counts(d));
    if (unearned.length === 0) return { waitingForPlay: 0 };
    const played = await this.playedDeposits(unearned);
    if (played.size > 0) {
      await this.money.db.transaction().execute(async (trx) => {
        // NO KEY UPDATE, not UPDATE: it still serialises accruals, but does not queue behind (and
        // deadlock with) the key-share locks that every ledger insert takes on the member row.
        await trx.selectFrom('member').select('id').where('id', '=', referrerId).forNoKeyUpdate().execute();
        const earnedBy = new Map<number, bigint>();
        for (const row of await unearnedDeposits(trx, referrerId, rule, currency)) {
          if (!played.has(row.entry_id) || !counts(row)) continue;
          const earned = earnedBy.get(row.friend_id) ?? BigInt(row.earned);
          const room = cap - earned;
          const amount = [(BigInt(row.amount) * BigInt(rule.percent)) / 100n, room].reduce((a, b) => (a < b ? a : b));
          if (amount <= 0n) continue;
          await trx.insertInto('invite_earning')
            .values({ referrer_id: referrerId, friend_id: row.friend_id, deposit_entry_id: BigInt(row.entry_id), amount, claim_reference: null, claimed_at: null })
            .onConflict((oc) => oc.column('deposit_entry_id').doNothing()).execute();
          earnedBy.set(row.friend_id, earned + amount);
        }
      });
    }
    return { waitingForPlay: unearned.filter((d) => !played.has(d.entry_id)).length };
  }

  /**
   * When friends' deposits start to earn the referrer again: the end of the referrer's last
   * break or self-exclusion ('paused' while one is in force), undefined when there was none.
   * Pauses are stored in the app's time and deposits in the ledger's; they are the same outside
   * the sandbox's moved clock.
   */
  private async earningSince(referrerId: number): Promise<Date | 'paused' | undefined> {
    const pauses = await this.money.hooks.pausesIn(this.money.db, { memberId: referrerId, from: new Date(0), to: new Date('9999-12-31T00:00:00Z') });
    if (pauses.length === 0) return undefined;
    try {
      // The rule that refuses gifts during a pause says whether one is in force (by the app's clock).
      await this.money.hooks.giftGate(this.money.db, referrerId);
    } catch (error) {
      if (error instanceof DomainError) return 'paused';
      throw error;
    }
    return new Date(Math.max(...pauses.map((p) => p.to?.getTime() ?? 8.64e15)));
  }

  /**
   * The deposits the friend has played: the bets since each deposit, summed over the friend's
   * game accounts as their providers report them, reach the deposit's amount. A friend without a
   * game account has played nothing (no provider is asked); a provider that does not answer
   * counts nothing this time, and the next look asks again.
   */
  private async playedDeposits(deposits: UnearnedDeposit[]): Promise<Set<string>> {
    const friends = [...new Set(deposits.map((d) => d.friend_id))];
    const accounts = await this.money.db.selectFrom('game_account').select(['member_id', 'provider_code', 'username'])
      .where('member_id', 'in', friends).where('is_active', '=', true).where('username', 'is not', null).execute();
    const played = await Promise.all(deposits.map(async (d) => {
      const own = accounts.filter((a) => a.member_id === d.friend_id);
      if (own.length === 0) return undefined;
      const reports = await Promise.all(own.map((a) => {
        const provider = this.money.provider(a.provider_code);
        if (!provider) return 0n;
        return withTimeout(provider.turnover(a.username!, { since: new Date(d.deposited_at) }), this.money.providerTimeoutMs)
          .then((r) => r.turnover, () => 0n);
      }));
      const bets = reports.reduce((sum, t) => sum + t, 0n);
      return bets >= BigInt(d.amount) ? d.entry_id : undefined;
    }));
    return new Set(played.filter((id): id is string => id !== undefined));
  }

  /** POST /api/invite: a page of earnings, newest first. */
  async page(memberId: number, page: number, limit: number) {
    await this.accrue(memberId);
    const base = this.money.db.selectFrom('invite_earning').where('invite_earning.referrer_id', '=', memberId);
    const [{ total }, rows] = await Promise.all([
      base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      base.innerJoin('member', 'member.id', 'invite_earning.friend_id')
        .select(['member.name', 'invite_earning.amount', 'invite_earning.created_at'])
        .orderBy('invite_earning.id', 'desc').limit(limit).offset((page - 1) * limit).execute(),
    ]);
    return { total: Number(total), invites: rows.map((r) => ({ from: { name: r.name }, amount: toMajor(BigInt(r.amount)), createdAt: r.created_at.toISOString() })) };
  }

  /**
   * The wallet's invite summary: what is waiting to be claimed (earned by played deposits only,
   * so the amount shown is what a claim pays), and the claim's conditions.
   */
  async summary(memberId: number) {
    await this.accrue(memberId);
    const [rule, row] = await Promise.all([
      this.rule(),
      this.money.db.selectFrom('invite_earning').select(sql<string>`coalesce(sum(amount), 0)::text`.as('waiting'))
        .where('referrer_id', '=', memberId).where('claim_reference', 'is', null).executeTakeFirstOrThrow(),
    ]);
    return { amount: toMajor(BigInt(row.waiting)), success: rule.success, fail: rule.fail };
  }

  /**
   * GET /api/invite/bonus: claims every waiting earning in one transaction. The earnings are
   * taken by a conditional update, so of two claims at once the second finds nothing
   * (NO_INVITE_BONUS, or NO_INVITEE_PLAY_INFO while a friend's deposit waits for their play). With a turnover rule the amount becomes a held bonus, else it goes
   * straight into the wallet.
   */
  async claim(memberId: number) {
    const rule = await this.rule();
    if (rule.percent <= 0) throw new DomainError('INVITE_INACTIVE');
    const accrued = await this.accrue(memberId);
    const reference = randomUUID();
    try {
      const result = await this.money.step(async (step) => {
        const { trx } = step;
        // Safer play (issue 31): nothing is given to a member on a break or self-excluded.
        await this.money.hooks.giftGate(step.trx, memberId);
        const taken = await trx.updateTable('invite_earning').set({ claim_reference: reference, claimed_at: new Date() })
          .where('referrer_id', '=', memberId).where('claim_reference', 'is', null)
          .returning('amount').execute();
        const amount = taken.reduce((sum, r) => sum + BigInt(r.amount), 0n);
        // Nothing earned yet while a friend's deposit waits for their play: say so (SPEC).
        if (amount <= 0n) throw new DomainError(accrued.waitingForPlay > 0 ? 'NO_INVITEE_PLAY_INFO' : 'NO_INVITE_BONUS');
        if (rule.success > 0) {
          await this.held.grant(step, {
            memberId, source: 'invite', code: 'INVITE', amount, depositAmount: 0n, depositEntryId: null,
            target: (amount * BigInt(rule.success)) / 100n, minimum: (amount * BigInt(rule.fail)) / 100n, percentFail: rule.fail,
            categories: ['slot', 'sport', 'lotto'], description: 'INVITE',
          });
          const w = await trx.selectFrom('ledger_account').select('balance').where('member_id', '=', memberId).where('kind', '=', 'wallet').executeTakeFirstOrThrow();
          return { amount, balance: BigInt(w.balance) };
        }
        await step.register({ memberId, key: `invite:${reference}`, operation: 'invite_claim', payload: {} }, answerBody({ amount: amount.toString() }));
        const posted = await step.post({
          kind: 'bonus', memberId, currency: await currencyIn(trx, memberId), reference: `invite:${reference}`,
          description: { source: 'invite', code: 'INVITE', description: 'INVITE', friends: taken.length },
          postings: [{ account: wallet(memberId), amount }, { account: house(HOUSE.bonusExpense), amount: -amount }],
        });
        return { amount, balance: [...posted.balances.values()][0] };
      });
      return { message: 'INVITE_BONUS_SUCCESS' as const, amount: toMajor(result.amount), wallet: { amount: toMajor(result.balance) } };
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('BONUS_ALREADY_ACTIVE');
      throw error;
    }
  }

  /**
   * The invite carousel, its amounts (`{capPerFriend}`, `{currency}`) in the member's own
   * currency. A currency the rule gives no cap earns nothing: its members get no banners
   * promising an amount (the home opens the plain invite dialog).
   */
  async banners(memberId: number, language: Locale) {
    const [banners, rule, currency] = await Promise.all([this.settings.get('invite.banners', []), this.rule(), this.money.currencyOf(memberId)]);
    const cap = amountIn(rule.capPerFriend, currency);
    if (cap === undefined) return [];
    return bannersIn(banners, language, (html) => fillAmounts(html, { capPerFriend: cap }, currency, language));
  }
}

/**
 * The deposits of the friends holding `currency` (the referrer's), among their first
 * `firstDeposits`, that have earned nothing yet, oldest first, with what each friend has
 * earned the referrer so far.
 */
async function unearnedDeposits(db: Kysely<DB> | Transaction<DB>, referrerId: number, rule: InviteRule, currency: string): Promise<UnearnedDeposit[]> {
  const { rows } = await sql<UnearnedDeposit>`
    select d.friend_id, d.entry_id::text, d.amount::text, d.deposited_at,
      (select coalesce(sum(ie.amount), 0) from invite_earning ie where ie.referrer_id = ${referrerId} and ie.friend_id = d.friend_id)::text as earned
    from (
      select m.id as friend_id, e.id as entry_id, e.created_at as deposited_at, p.amount, row_number() over (partition by m.id order by e.id) as n
      from member m
      join ledger_entry e on e.member_id = m.id and e.kind = 'deposit'
      join ledger_posting p on p.entry_id = e.id
      join ledger_account a on a.id = p.account_id and a.member_id = m.id
      where m.referrer_id = ${referrerId} and m.currency = ${currency}
    ) d
    where d.n <= ${rule.firstDeposits}
      and not exists (select 1 from invite_earning x where x.deposit_entry_id = d.entry_id)
    order by d.entry_id`.execute(db);
  return rows;
}
