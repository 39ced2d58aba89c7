import { game, house, HOUSE } from '../../ledger/accounts';
import { withTimeout } from '../../providers/games/adapter';
import type { MoneyContext } from './money-context';

/**
 * Brings a game account's ledger balance to what the provider holds (wins and losses happen
 * at the provider). The change is booked against the provider's float. A transfer that starts
 * or is still pending meanwhile makes the provider's figure ambiguous, so the sync then gives
 * up and the next one tries again: it reads the account's transfer counter before asking the
 * provider and books only if the counter is unchanged (transfers bump it when they start and
 * when they complete) and nothing is pending.
 * Returns false when it could not sync. It has no key of its own: it books the provider's
 * figure, and the counter and the pending check are what keep it from booking twice.
 */
export async function syncGameBalance(money: MoneyContext, memberId: number, code: string): Promise<boolean> {
  const provider = money.provider(code);
  const before = await money.db.selectFrom('game_account').select(['is_active', 'username', 'transfer_seq'])
    .where('member_id', '=', memberId).where('provider_code', '=', code).executeTakeFirst();
  if (!provider || !before?.is_active || !before.username) return false;
  const remote = await withTimeout(provider.balance(before.username), money.providerTimeoutMs);
  const currency = await money.currencyOf(memberId);

  return money.step(async (step) => {
    const { trx } = step;
    const now = await trx.selectFrom('game_account').select('transfer_seq')
      .where('member_id', '=', memberId).where('provider_code', '=', code).forUpdate().executeTakeFirstOrThrow();
    if (BigInt(now.transfer_seq) !== BigInt(before.transfer_seq)) return false;
    const pending = await trx.selectFrom('game_transfer').select('id')
      .where('member_id', '=', memberId).where('provider_code', '=', code).where('status', '=', 'pending').executeTakeFirst();
    if (pending) return false;
    const local = await trx.selectFrom('ledger_account').select('balance')
      .where('member_id', '=', memberId).where('kind', '=', 'game').where('code', '=', code).executeTakeFirstOrThrow();
    const diff = remote - BigInt(local.balance);
    if (diff !== 0n) {
      await step.post({
        kind: 'game_result', memberId, currency,
        description: { provider: code },
        postings: [{ account: game(memberId, code), amount: diff }, { account: house(HOUSE.gameFloat(code)), amount: -diff }],
      });
    }
    await trx.updateTable('game_account').set({ synced_at: new Date() }).where('member_id', '=', memberId).where('provider_code', '=', code).execute();
    return true;
  });
}
