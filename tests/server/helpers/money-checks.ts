import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import { toMinor } from '../../../src/contract';
import type { DB } from '../../../src/server/db/schema';
import { auditLedger } from '../../../src/server/ledger/audit';

/** What a game provider holds for each of its players (keyed by `providerHeldKey`), read after the fault. */
export type ProviderWallets = (db: Kysely<DB>) => Promise<Map<string, bigint>>;

export const providerHeldKey = (code: string, username: string) => `${code}:${username}`;

/** The demo provider's wallets, in the same database. */
export const demoProviderWallets: ProviderWallets = async (db) => {
  const rows = await db.selectFrom('demo_player').select(['provider_code', 'username', 'balance']).execute();
  return new Map(rows.map((r) => [providerHeldKey(r.provider_code, r.username), BigInt(r.balance)]));
};

/**
 * What must hold after any fault once the reconciler is done, for players who only moved money
 * between their wallet and a game provider (the demo provider unless `providerWallets` reads
 * another): nothing pending, the audit clean, the members' money all there, no win or loss booked
 * (nobody played, so any would be a mis-read balance), and the provider holding what the ledger
 * says each game account holds. Answers the audit's entry count.
 */
export async function expectMoneyIntact(db: Kysely<DB>, members: number, funding: number, providerWallets: ProviderWallets = demoProviderWallets): Promise<{ entries: number }> {
  expect(await db.selectFrom('game_transfer').select('id').where('status', '=', 'pending').execute()).toEqual([]);
  const audit = await auditLedger(db);
  expect(audit).toMatchObject({ ok: true });
  const held = await sql<{ total: string }>`select sum(balance)::text as total from ledger_account where member_id is not null`.execute(db);
  const results = await sql`select e.id, e.member_id, e.created_at, p.amount from ledger_entry e join ledger_posting p on p.entry_id = e.id
    join ledger_account a on a.id = p.account_id where e.kind = 'game_result' and a.member_id is not null`.execute(db);
  expect(results.rows).toEqual([]);
  expect(BigInt(held.rows[0]!.total)).toBe(toMinor(funding) * BigInt(members));
  const ledgerGames = await sql<{ code: string; username: string; balance: string }>`
    select g.provider_code as code, g.username, a.balance::text as balance from game_account g
    join ledger_account a on a.member_id = g.member_id and a.kind = 'game' and a.code = g.provider_code
    where g.is_active`.execute(db);
  const wallets = await providerWallets(db);
  const mismatch = ledgerGames.rows
    .map((g) => ({ ...g, ledger: BigInt(g.balance), provider: wallets.get(providerHeldKey(g.code, g.username)) ?? 0n }))
    .filter((g) => g.ledger !== g.provider);
  expect(mismatch).toEqual([]);
  return { entries: audit.entries };
}

/** Waits until no transfer is pending (the reconciler of a running server resolves them). */
export async function waitNothingPending(db: Kysely<DB>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!(await db.selectFrom('game_transfer').select('id').where('status', '=', 'pending').executeTakeFirst())) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}
