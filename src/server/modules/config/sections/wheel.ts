import { sql, type Selectable } from 'kysely';
import { canonicalJson, toMajor, toMinor, WHEEL_TARGET, wheelConfig, type LocalizedTextValue, type PerCurrencyAmountValue, type WheelConfig, type WheelSliceConfig, wheelChangeMovesMoney } from '../../../../contract';
import { sanitizeOperatorHtml } from '../../../content/operator-html';
import type { LocalizedText } from '../../../content/localized-text';
import type { AppContext } from '../../../context';
import type { SpinSliceTable } from '../../../db/schema';
import { refuse } from '../../../errors';
import { rulesOf, type MoneyRulesSetting } from '../../../settings/money-rules';
import type { ConfigSection } from '../section';

const CURRENCIES = ['BAHT', 'LAK'] as const;
/** Kept slices move past every position in use before taking their new one (positions are unique in use). */
const POSITION_SHIFT = 1_000;

type SliceRow = Selectable<SpinSliceTable>;

const jsonb = <T>(value: T) => sql<T>`${JSON.stringify(value)}::jsonb`;
const texts = (text: LocalizedText): LocalizedTextValue => ({ th: text.th ?? '', la: text.la ?? '', en: text.en ?? '' });
const major = (amounts: Record<string, number>): PerCurrencyAmountValue => ({ BAHT: toMajor(amounts.BAHT ?? 0), LAK: toMajor(amounts.LAK ?? 0) });
const minor = (amounts: PerCurrencyAmountValue): Record<string, number> =>
  Object.fromEntries(CURRENCIES.map((c) => [c, Number(toMinor(amounts[c]))]));
/** A slice's prize in minor units as stored: a 'nothing' slice pays nothing in any currency. */
const storedPrize = (slice: WheelSliceConfig) => (slice.prizeKind === 'credit' ? minor(slice.prizeAmount) : {});

/** What a slice pays and how often: a change to it is a change of money, and a new slice row. */
const moneyOf = (s: { weight: number; prizeKind: string; prizeAmount: unknown }) => canonicalJson([s.weight, s.prizeKind, s.prizeAmount]);

/**
 * The active spin wheel (target 'active'; one wheel is active at a time): its name, coin rule,
 * coupon life and slices, written to `spin_wheel` and `spin_slice`, which the member routes read
 * on every request (no cache).
 *
 * Spins and coupons name the slice they were drawn from, so a slice's code, weight and prize are
 * written once (a trigger, migration 0031): changing them retires the slice and puts a new one of
 * the same code in its place, and a slice taken off the wheel is retired, never deleted. A
 * coupon keeps its amount and its slice's prize kind and name; the wheel's row stays (the coins of
 * a first deposit are granted once per member and wheel). Texts, colours and the order change in
 * place and apply at once; weights, prizes, the slice set, the coin rule and the coupon's life
 * wait for a second operator.
 */
export function wheelSection(ctx: AppContext): ConfigSection<WheelConfig> {
  return {
    name: 'wheel',
    schema: wheelConfig,
    targets: async () => [WHEEL_TARGET],

    async read(db, target) {
      if (target !== WHEEL_TARGET) return null;
      // Inside a change's transaction the wheel's row is locked from this read on: two approvals
      // at once then apply one after the other, and the second finds the wheel changed (stale).
      const query = db.selectFrom('spin_wheel').selectAll().where('active', '=', true);
      const wheel = await (db.isTransaction ? query.forUpdate() : query).executeTakeFirst();
      if (!wheel) return null;
      const slices = await db.selectFrom('spin_slice').selectAll()
        .where('wheel_id', '=', wheel.id).where('retired_at', 'is', null).orderBy('position').execute();
      return {
        name: texts(wheel.name),
        coinRule: { minDeposit: major(wheel.coin_rule.minDeposit), coins: wheel.coin_rule.coins, firstDepositOnly: wheel.coin_rule.firstDepositOnly },
        couponValidDays: wheel.coupon_valid_days,
        slices: slices.map((s) => ({
          code: s.code,
          label: texts(s.label),
          bgColor: s.bg_color,
          textColor: s.text_color,
          description: texts(s.html_description),
          weight: s.weight,
          prizeKind: s.prize_kind,
          prizeName: texts(s.prize_name),
          prizeAmount: major(s.prize_amount),
        })),
      };
    },

    async write(trx, _target, value) {
      const wheelValues = {
        name: jsonb(value.name),
        coin_rule: jsonb({ minDeposit: minor(value.coinRule.minDeposit), coins: value.coinRule.coins, firstDepositOnly: value.coinRule.firstDepositOnly }),
        coupon_valid_days: value.couponValidDays,
      };
      const active = await trx.selectFrom('spin_wheel').select('id').where('active', '=', true).forUpdate().executeTakeFirst();
      const wheelId = active
        ? (await trx.updateTable('spin_wheel').set(wheelValues).where('id', '=', active.id).returning('id').executeTakeFirstOrThrow()).id
        : (await trx.insertInto('spin_wheel').values({ ...wheelValues, active: true }).returning('id').executeTakeFirstOrThrow()).id;

      const inUse = await trx.selectFrom('spin_slice').selectAll()
        .where('wheel_id', '=', wheelId).where('retired_at', 'is', null).forUpdate().execute();
      const kept = new Map<string, SliceRow>();
      const retire: number[] = [];
      for (const row of inUse) {
        const wanted = value.slices.find((s) => s.code === row.code);
        const same = wanted && moneyOf({ weight: row.weight, prizeKind: row.prize_kind, prizeAmount: row.prize_amount }) ===
          moneyOf({ weight: wanted.weight, prizeKind: wanted.prizeKind, prizeAmount: storedPrize(wanted) });
        if (same) kept.set(row.code, row);
        else retire.push(row.id);
      }
      if (retire.length) await trx.updateTable('spin_slice').set({ retired_at: ctx.clock.now() }).where('id', 'in', retire).execute();
      if (kept.size) {
        await trx.updateTable('spin_slice').set({ position: sql`position + ${POSITION_SHIFT}` })
          .where('id', 'in', [...kept.values()].map((r) => r.id)).execute();
      }
      for (const [position, slice] of value.slices.entries()) {
        const looks = {
          position,
          label: jsonb(slice.label),
          bg_color: slice.bgColor,
          text_color: slice.textColor,
          html_description: jsonb(slice.description),
          prize_name: jsonb(slice.prizeName),
        };
        const row = kept.get(slice.code);
        if (row) {
          await trx.updateTable('spin_slice').set(looks).where('id', '=', row.id).execute();
        } else {
          await trx.insertInto('spin_slice').values({
            ...looks, wheel_id: wheelId, code: slice.code, weight: slice.weight, prize_kind: slice.prizeKind, prize_amount: jsonb(storedPrize(slice)),
          }).execute();
        }
      }
    },

    movesMoney: wheelChangeMovesMoney,

    clean(value) {
      const html = (text: LocalizedTextValue): LocalizedTextValue =>
        ({ th: sanitizeOperatorHtml(text.th), la: sanitizeOperatorHtml(text.la), en: sanitizeOperatorHtml(text.en) });
      return {
        ...value,
        slices: value.slices.map((s) => ({
          ...s,
          description: html(s.description),
          prizeAmount: s.prizeKind === 'credit' ? s.prizeAmount : { BAHT: 0, LAK: 0 },
        })),
      };
    },

    async check(db, _target, value) {
      const setting = ((await db.selectFrom('setting').select('value').where('key', '=', 'money.rules').executeTakeFirst())?.value ?? {}) as MoneyRulesSetting;
      const amounts = [value.coinRule.minDeposit, ...value.slices.filter((s) => s.prizeKind === 'credit').map((s) => s.prizeAmount)];
      for (const currency of CURRENCIES) {
        const step = Math.round(rulesOf(setting, currency).step * 100);
        for (const amount of amounts.map((a) => a[currency])) {
          const units = amount * 100;
          if (Math.abs(units - Math.round(units)) > 1e-6 || Math.round(units) % step !== 0) refuse('AMOUNT_STEP');
        }
      }
    },
  };
}
