import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/server/ledger/audit';
import type { DemoFault } from '../../src/server/sandbox/simulators/demo-provider/engine';
import { build, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { fundWallet, seedMember } from './helpers/members';
import { walletClient } from './helpers/wallet';

/**
 * Jepsen's bank workload against the wallet: many clients move money at random between a
 * few members' wallets and game accounts, withdraw, and read, and every request is sent 1 to
 * 5 times at once under the same idempotency key, while the game provider now and then
 * refuses or times out. Afterwards money is conserved, nothing is negative, no key moved
 * money twice, duplicates got one answer, and the ledger audit is clean.
 * On PostgreSQL at full size under `npm run faults` (BANK_WORKLOAD=full), a twentieth of it in
 * `npm test`; on PGlite (one connection) a smaller run of the same checks.
 */
const FULL = process.env.BANK_WORKLOAD === 'full';
const SIZE = {
  // `npm run faults` runs the full 20,000 operations (about 2 minutes); `npm test` 1,000 by 32
  // clients (4,000 took 130 s of CI's API step and found nothing the smaller run does not).
  postgres: { clients: FULL ? 64 : 32, operations: FULL ? 20_000 : 1_000 },
  pglite: { clients: 8, operations: 600 },
};
const GAMES = ['PG', 'JOKER', 'SLOTXO'];
const MEMBERS = 4;
const FUNDING = 20_000;

describe.each(engines)('bank workload on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { PROVIDER_TIMEOUT_MS: '250', RECONCILE_GRACE_MS: '0', RECONCILE_INTERVAL_MS: '0' });
    t.app.demoProvider!.hangMs = 600;
  }, 60_000);
  afterAll(async () => { await t.close(); });

  it('conserves money under concurrent retried requests and provider faults', async () => {
    const { clients, operations } = SIZE[engine];
    // Small withdrawals, so that the wallets keep money to move for the whole run.
    await t.app.wallet.rules.update('BAHT', { withdrawMin: 1, withdrawMax: 50_000 });
    const members: (Awaited<ReturnType<typeof seedMember>> & { w: ReturnType<typeof walletClient> })[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const m = await seedMember(t.app);
      await fundWallet(t.app, m.id, FUNDING);
      const w = walletClient(t.app, m.token);
      for (const g of GAMES) expect((await w.activate(g)).statusCode).toBe(200);
      members.push({ ...m, w });
    }

    const answers = new Map<string, { status: number; body: string }[]>();
    let next = 0;
    let faults = 0;
    const places = ['wallet', ...GAMES];

    async function oneOperation() {
      const m = members[randomInt(members.length)];
      const key = randomUUID();
      const copies = 1 + randomInt(5);
      const roll = randomInt(100);
      let send: () => Promise<{ statusCode: number; body: string }>;
      if (roll < 60) {
        const from = places[randomInt(places.length)];
        let to = places[randomInt(places.length)];
        while (to === from) to = places[randomInt(places.length)];
        const amount = 1 + randomInt(5_000) / 100;
        if (randomInt(40) === 0) {
          const fault: DemoFault[] = ['fail', 'timeout_before', 'timeout_after'];
          t.app.demoProvider!.injectFault(from === 'wallet' ? to : from, fault[randomInt(3)]);
          faults++;
        }
        send = () => m.w.transfer(from, to, amount, key);
      } else if (roll < 70) {
        const amount = 1 + randomInt(2_000) / 100;
        send = () => m.w.withdraw(amount, key);
      } else {
        send = () => m.w.home();
      }
      const results = await Promise.all(Array.from({ length: copies }, send));
      if (roll < 70) answers.set(`${m.id}|${key}`, results.map((r) => ({ status: r.statusCode, body: r.body })));
      for (const r of results) expect(r.statusCode, r.body).toBeLessThan(500 + (r.statusCode === 502 ? 100 : 0));
    }

    async function client() {
      while (next < operations) {
        next++;
        await oneOperation();
      }
    }
    await Promise.all(Array.from({ length: clients }, client));
    t.app.demoProvider!.clearFaults();

    // Let every hung provider call end, then resolve what was left pending.
    await new Promise((r) => setTimeout(r, 700));
    const report = await t.app.wallet.reconciler.run({ graceMs: 0 });
    expect(report.unresolved).toBe(0);
    const db = t.app.ctx.db;
    expect((await db.selectFrom('game_transfer').select('id').where('status', '=', 'pending').execute())).toHaveLength(0);

    // Conservation: what came in equals what is held plus what went out.
    const ids = members.map((m) => m.id);
    const held = await sql<{ total: string }>`select coalesce(sum(balance), 0)::text as total from ledger_account where member_id = any(${ids}::int[])`.execute(db);
    const out = await sql<{ total: string }>`select coalesce(sum(amount), 0)::text as total from withdrawal where member_id = any(${ids}::int[])`.execute(db);
    expect(BigInt(held.rows[0].total) + BigInt(out.rows[0].total)).toBe(BigInt(FUNDING * 100 * MEMBERS));

    // The provider holds exactly what our ledger says each game account holds (no play happened).
    const mismatch = await sql`
      select g.member_id, g.provider_code from game_account g
      join ledger_account a on a.member_id = g.member_id and a.kind = 'game' and a.code = g.provider_code
      join demo_player d on d.provider_code = g.provider_code and d.username = g.username
      where g.is_active and d.balance <> a.balance`.execute(db);
    expect(mismatch.rows).toEqual([]);

    // No key moved money twice: at most one withdrawal per key, at most two legs per transfer key.
    const twice = await sql`
      select member_id, idempotency_key, count(*) from withdrawal group by 1, 2 having count(*) > 1
      union all
      select member_id, idempotency_key, count(*) from game_transfer group by 1, 2 having count(*) > 2`.execute(db);
    expect(twice.rows).toEqual([]);

    // Duplicates of one request got the same final answer (a copy may have been told "pending").
    let divergent = 0;
    for (const [key, results] of answers) {
      const final = results.filter((r) => r.status !== 202);
      if (new Set(final.map((r) => `${r.status} ${r.body}`)).size > 1) { divergent++; console.log('divergent', key, final); }
    }
    expect(divergent).toBe(0);

    const audit = await auditLedger(db);
    expect(audit).toMatchObject({ ok: true });
    console.log(`fault: provider refusals and timeouts under concurrent retried requests (bank workload on ${engine}): ${operations} operations by ${clients} clients, ${answers.size} money requests, ${faults} injected faults, reconciler ${JSON.stringify(report)}, lost 0, doubled 0, divergent answers ${divergent}, audit clean over ${audit.entries} entries`);
  }, 600_000);
});
