import type { Currency } from '../../../contract';
import { withTimeout } from '../../providers/games/adapter';
import { providerInfo } from '../../providers/games/catalogue';
import type { MoneyContext } from '../wallet/money-context';
import { BONUS_CHANGED, currencyIn, heldBonusView, type HeldBonuses, type HeldBonusRow } from './member-bonus';

/**
 * Reads the turnover of held bonuses from the game providers (the bets they report per player)
 * and completes a bonus when its target is reached. Each provider's read is booked with a
 * conditional update of its cursor, in the transaction that adds the turnover, so a bet is
 * counted once even when two processes (or a poll and a bet callback) read at the same time.
 */
export class TurnoverSync {
  /** Members whose read is under way in this process; a second request joins it. */
  private running = new Map<number, Promise<void>>();

  constructor(
    private readonly money: MoneyContext,
    private readonly held: HeldBonuses,
  ) {}

  sync(memberId: number): Promise<void> {
    const current = this.running.get(memberId);
    if (current) return current;
    const work = this.read(memberId).finally(() => this.running.delete(memberId));
    this.running.set(memberId, work);
    return work;
  }

  /** A bet reported for a provider's player: read that member's turnover. */
  async betReported(providerCode: string, username: string) {
    const account = await this.money.db.selectFrom('game_account').select('member_id')
      .where('provider_code', '=', providerCode).where('username', '=', username).executeTakeFirst();
    if (account) await this.sync(account.member_id);
  }

  /** Reads every held bonus (the periodic poll), a few members at a time. */
  async syncAll(limit = 500) {
    const active = await this.money.db.selectFrom('member_bonus').select('member_id')
      .where('status', '=', 'active').orderBy('id').limit(limit).execute();
    for (let i = 0; i < active.length; i += 8) {
      await Promise.all(active.slice(i, i + 8).map((a) => this.sync(a.member_id).catch(() => undefined)));
    }
  }

  private async read(memberId: number) {
    const bonus = await this.held.held(this.money.db, memberId);
    if (!bonus) return;
    const accounts = await this.money.db.selectFrom('game_account').select(['provider_code', 'username'])
      .where('member_id', '=', memberId).where('is_active', '=', true).where('username', 'is not', null).execute();
    const counted = accounts.filter((a) => bonus.categories.includes(providerInfo(a.provider_code)?.category ?? ''));
    for (const account of counted) {
      await this.readProvider(bonus, account.provider_code, account.username!).catch(() => undefined);
    }
  }

  private async readProvider(bonus: HeldBonusRow, code: string, username: string): Promise<HeldBonusRow | undefined> {
    const provider = this.money.provider(code);
    if (!provider) return undefined;
    const stored = await this.money.db.selectFrom('bonus_turnover_cursor').select('cursor')
      .where('member_bonus_id', '=', bonus.id).where('provider_code', '=', code).executeTakeFirst();
    const report = await withTimeout(
      provider.turnover(username, stored ? { cursor: stored.cursor } : { since: bonus.created_at }),
      this.money.providerTimeoutMs,
    );
    if (stored && report.cursor === stored.cursor) return undefined;
    return this.money.step(async (step) => {
      const { trx } = step;
      const advanced = stored
        ? await trx.updateTable('bonus_turnover_cursor').set({ cursor: report.cursor })
          .where('member_bonus_id', '=', bonus.id).where('provider_code', '=', code).where('cursor', '=', stored.cursor)
          .executeTakeFirst().then((r) => r.numUpdatedRows > 0n)
        : await trx.insertInto('bonus_turnover_cursor').values({ member_bonus_id: bonus.id, provider_code: code, cursor: report.cursor })
          .onConflict((oc) => oc.columns(['member_bonus_id', 'provider_code']).doNothing())
          .returning('cursor').executeTakeFirst().then(Boolean);
      // Someone else read these bets first.
      if (!advanced) return undefined;
      if (report.turnover === 0n) return undefined;
      const updated = await trx.updateTable('member_bonus')
        .set((eb) => ({ turnover_done: eb('turnover_done', '+', report.turnover) }))
        .where('id', '=', bonus.id).where('status', '=', 'active')
        .returningAll().executeTakeFirst();
      if (!updated) return undefined;
      const moved = BigInt(updated.turnover_done) >= BigInt(updated.turnover_target)
        ? (await this.held.end(step, updated.id, 'completed')) ?? updated
        : updated;
      // The progress itself goes out (the page redraws without asking); a completion moves money views too.
      step.announce(moved.member_id, BONUS_CHANGED, heldBonusView(moved, null, moved.code, (await currencyIn(trx, moved.member_id)) as Currency));
      return moved;
    });
  }
}
