import { randomUUID } from 'node:crypto';
import { sql, type Selectable, type Transaction } from 'kysely';
import { toMajor } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB, SpinSliceTable } from '../../db/schema';
import { refuse } from '../../errors';
import { pickText } from '../../content/request-language';
import type { Locale } from '../../../contract';
import { house, HOUSE, wallet } from '../../ledger/accounts';
import { answerBody } from '../../ledger/answer';
import type { Money } from '../../ledger/envelope';
import { takeMemberTurn } from '../../ledger/member-accounts';
import { refuseWhileBonusActive } from '../promotions/deposit-gate';
import { cryptoRandomInt, drawByWeight, type RandomInt } from './draw';
import { prizeText, prizeTexts } from './prize-text';

/** The ledger kind of a claimed prize; the statement shows it as a bonus linked to the lucky draw. */
export const SPIN_PRIZE_KIND = 'spin_prize';

/** The socket event a member's open pages receive when their coins or coupons change. */
export const SPIN_CHANGED = 'spin.changed';

type Slice = Selectable<SpinSliceTable>;

const DAY_MS = 86_400_000;

/**
 * The spin wheel: which wheel is active, spinning it with a coin, and the prize coupons that
 * spins create. The server decides every outcome; the client's wheel only animates to it.
 *
 * - A spin spends one of `member.coin` by a guarded decrement, draws a slice by weight with
 *   the cryptographic generator, and records the spin and its coupon, all in one
 *   transaction: a spin that fails leaves the coin.
 * - A coupon is claimed once: the claim flips it from open to claimed and credits the
 *   wallet from the bonus expense account in the same transaction; the ledger entry's
 *   reference is the coupon's id, unique per kind, so the credit can't be booked twice.
 *   While a bonus is held the claim is refused (BONUS_REMAINING) and the coupon stays open.
 * - Slice weights never leave this module.
 */
export class SpinWheel {
  constructor(private readonly money: Money, private readonly clock: Clock, private readonly random: RandomInt = cryptoRandomInt) {}

  private get db() {
    return this.money.db;
  }

  private async activeWheel(db: Transaction<DB> | Money['db'] = this.db) {
    const wheel = await db.selectFrom('spin_wheel').selectAll().where('active', '=', true).executeTakeFirst();
    if (!wheel) return undefined;
    // The slices in use; retired ones stay only for the spins and coupons that name them.
    const slices: Slice[] = await db.selectFrom('spin_slice').selectAll()
      .where('wheel_id', '=', wheel.id).where('retired_at', 'is', null).orderBy('position').execute();
    return { ...wheel, slices };
  }

  async isActive(): Promise<boolean> {
    const row = await this.db.selectFrom('spin_wheel').select('id').where('active', '=', true).executeTakeFirst();
    return row !== undefined;
  }

  /** The active wheel as members see it (no weights), and the member's coins. */
  async setup(memberId: number, language: Locale) {
    const [wheel, member, currency] = await Promise.all([
      this.activeWheel(),
      this.db.selectFrom('member').select('coin').where('id', '=', memberId).executeTakeFirstOrThrow(),
      this.money.currencyOf(memberId),
    ]);
    const text = (s: Slice, field: 'label' | 'html_description') => prizeText(s[field], language, { amount: s.prize_amount[currency], currency });
    return {
      activeSpinwheel: wheel
        ? {
            name: pickText(wheel.name, language),
            slices: wheel.slices.map((s) => ({
              code: s.code,
              label: text(s, 'label'),
              bgColor: s.bg_color,
              textColor: s.text_color,
              htmlDescription: text(s, 'html_description'),
            })),
          }
        : null,
      userCoin: member.coin,
    };
  }

  /** Spends one coin on the active wheel; answers the won slice and the coins left. */
  async spin(memberId: number, language: Locale) {
    const currency = await this.money.currencyOf(memberId);
    return this.money.step(async (step) => {
      const { trx } = step;
      // Safer play (issue 31): nothing is given to a member on a break or self-excluded.
      await this.money.hooks.giftGate(step.trx, memberId);
      const wheel = await this.activeWheel(trx);
      if (!wheel || wheel.slices.length === 0) refuse('SPIN_INACTIVE');
      const spent = await trx.updateTable('member').set({ coin: sql`coin - 1` })
        .where('id', '=', memberId).where('coin', '>', 0)
        .returning('coin').executeTakeFirst();
      if (!spent) refuse('SPIN_NO_COIN');

      const slice = wheel!.slices[drawByWeight(wheel!.slices.map((s) => s.weight), this.random)];
      const spinId = randomUUID();
      const now = this.clock.now();
      await trx.insertInto('spin').values({ id: spinId, member_id: memberId, wheel_id: wheel!.id, slice_id: slice.id, created_at: now }).execute();
      const amount = slice.prize_kind === 'credit' ? BigInt(slice.prize_amount[currency] ?? 0) : 0n;
      if (amount > 0n) {
        await trx.insertInto('spin_coupon').values({
          id: randomUUID(), member_id: memberId, spin_id: spinId, slice_id: slice.id, currency, amount,
          created_at: now, expires_at: new Date(now.getTime() + wheel!.coupon_valid_days * DAY_MS), claimed_at: null,
        }).execute();
      }
      step.announce(memberId, SPIN_CHANGED);
      return { code: slice.code, label: prizeText(slice.label, language, { amount: slice.prize_amount[currency], currency }), prize: amount > 0n, remainingCoin: spent!.coin };
    });
  }

  /** The member's open coupons, oldest first (the order the coupon table numbers them). */
  async coupons(memberId: number, language: Locale) {
    const rows = await this.db.selectFrom('spin_coupon')
      .innerJoin('spin_slice', 'spin_slice.id', 'spin_coupon.slice_id')
      .select(['spin_coupon.id', 'spin_coupon.amount', 'spin_coupon.currency', 'spin_coupon.created_at', 'spin_slice.label', 'spin_slice.prize_name'])
      .where('spin_coupon.member_id', '=', memberId).where('spin_coupon.status', '=', 'open')
      .where('spin_coupon.expires_at', '>', this.clock.now())
      .orderBy('spin_coupon.created_at').orderBy('spin_coupon.id')
      .execute();
    return {
      coupons: rows.map((c) => ({
        _id: c.id,
        prize: { slice: prizeText(c.label, language, c), name: prizeText(c.prize_name, language, c) },
        amount: toMajor(c.amount),
        createdAt: c.created_at.toISOString(),
      })),
    };
  }

  /** Claims one of the member's open coupons into the wallet. */
  async claim(memberId: number, couponId: string) {
    const now = this.clock.now();
    await this.money.step(async (step) => {
      const { trx } = step;
      // Safer play (issue 31): nothing is given to a member on a break or self-excluded.
      await this.money.hooks.giftGate(step.trx, memberId);
      // No prize money into the wallet while a bonus is held (SPEC: BONUS_REMAINING): it would mix
      // with the bonus's stake and lower bound. Taking turns with activation, a bonus given
      // meanwhile is seen here.
      await takeMemberTurn(trx, memberId);
      await refuseWhileBonusActive(trx, memberId);
      const coupon = await trx.updateTable('spin_coupon').set({ status: 'claimed', claimed_at: now })
        .where('id', '=', couponId).where('member_id', '=', memberId)
        .where('status', '=', 'open').where('expires_at', '>', now)
        .returning(['id', 'amount', 'currency', 'slice_id', 'spin_id'])
        .executeTakeFirst();
      if (!coupon) return this.refuseClaim(trx, memberId, couponId);
      const slice = await trx.selectFrom('spin_slice').innerJoin('spin_wheel', 'spin_wheel.id', 'spin_slice.wheel_id')
        .select(['spin_slice.code', 'spin_slice.label', 'spin_slice.prize_kind', 'spin_wheel.name'])
        .where('spin_slice.id', '=', coupon.slice_id).executeTakeFirstOrThrow();
      if (slice.prize_kind !== 'credit') refuse('INVALID_COUPON_TYPE');
      await step.register({ memberId, key: `spin-coupon:${coupon.id}`, operation: 'spin_claim', payload: { coupon: coupon.id } }, answerBody({ message: 'OK' }));
      await step.post({
        kind: SPIN_PRIZE_KIND,
        memberId,
        currency: coupon.currency,
        reference: coupon.id,
        description: { luckydraw: { wheel: slice.name, slice: slice.code, label: prizeTexts(slice.label, coupon), spinId: coupon.spin_id } },
        postings: [
          { account: wallet(memberId), amount: coupon.amount },
          { account: house(HOUSE.bonusExpense), amount: -coupon.amount },
        ],
      });
    });
    return { message: 'OK' as const };
  }

  /** Sandbox only (the route exists only there): coins without a deposit, to try the wheel. */
  async sandboxGiveCoins(memberId: number, coins: number) {
    return this.money.step(async (step) => {
      const row = await step.trx.updateTable('member').set({ coin: sql`coin + ${coins}` }).where('id', '=', memberId)
        .returning('coin').executeTakeFirstOrThrow();
      step.announce(memberId, SPIN_CHANGED);
      return { userCoin: row.coin };
    });
  }

  /** Why a coupon could not be claimed, without telling one member about another's coupons. */
  private async refuseClaim(trx: Transaction<DB>, memberId: number, couponId: string): Promise<never> {
    const row = await trx.selectFrom('spin_coupon').select(['status', 'expires_at'])
      .where('id', '=', couponId).where('member_id', '=', memberId).executeTakeFirst();
    if (!row) return refuse('INVALID_CODE');
    if (row.status === 'claimed') return refuse('NO_CLAIMABLE_COUPON');
    return refuse('COUPON_EXPIRED');
  }
}
