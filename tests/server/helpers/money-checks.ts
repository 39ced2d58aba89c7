import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import { toMinor } from '../../../src/contract';
import type { DB } from '../../../src/server/db/schema';
import { auditLedger } from '../../../src/server/ledger/audit';

/**
 * What must hold after any fault once the reconciler is done, for players who only moved money
 * between their wallet and the demo provider: nothing pending, the audit clean, the members'
 * money all there, no win or loss booked (nobody played, so any would be a mis-read balance),
 * and the provider holding what the ledger says. Answers the audit's entry count.
 */
export async function expectMoneyIntact(db: Kysely<DB>, members: number, funding: number): Promise<{ entries: number }> {
  expect(await db.selectFrom('game_transfer').select('id').where('status', '=', 'pending').execute()).toEqual([]);
  const audit = await auditLedger(db);
  expect(audit).toMatchObject({ ok: true });
  const held = await sql<{ total: string }>`select sum(balance)::text as total from ledger_account where member_id is not null`.execute(db);
  const results = await sql`select e.id, e.member_id, e.created_at, p.amount from ledger_entry e join ledger_posting p on p.entry_id = e.id
    join ledger_account a on a.id = p.account_id where e.kind = 'game_result' and a.member_id is not null`.execute(db);
  expect(results.rows).toEqual([]);
  expect(BigInt(held.rows[0]!.total)).toBe(toMinor(funding) * BigInt(members));
  const mismatch = await sql`
    select g.member_id from game_account g
    join ledger_account a on a.member_id = g.member_id and a.kind = 'game' and a.code = g.provider_code
    join demo_player d on d.provider_code = g.provider_code and d.username = g.username
    where g.is_active and d.balance <> a.balance`.execute(db);
  expect(mismatch.rows).toEqual([]);
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
