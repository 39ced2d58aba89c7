import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/server/ledger/audit';
import { ANCHORS } from '../../src/server/modules/wallet/statement';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { fundWallet, seedMember } from './helpers/members';
import { walletClient } from './helpers/wallet';

/**
 * Issue 11: the statement's total is a running count and its pages are ranges of the member's
 * numbered lines; the audit reads only what came after its checkpoint. Both must stay exact.
 */
describe.each(engines)('statement and audit at scale, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db, { mode: 'full' })).toMatchObject({ ok: true });
    await t.close();
  });

  async function memberWith(amount: number) {
    const m = await seedMember(t.app);
    await fundWallet(t.app, m.id, amount);
    const w = walletClient(t.app, m.token);
    expect((await w.activate('PG')).statusCode).toBe(200);
    return { ...m, w };
  }

  const statement = (token: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/statement', payload: body, headers: clientHeaders(token) });

  /** What a count over the member's whole history says, which the page no longer does. */
  async function counted(memberId: number) {
    const row = await t.app.ctx.db.selectFrom('ledger_entry').select(sql<string>`count(*)`.as('n'))
      .where('member_id', '=', memberId).where('kind', 'in', Object.keys(ANCHORS)).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('shows the entry kinds the database numbers, and no others', async () => {
    const kinds = await t.app.ctx.db.selectFrom('statement_kind').select('kind').execute();
    expect(kinds.map((k) => k.kind).sort()).toEqual(Object.keys(ANCHORS).sort());
  });

  it('keeps total equal to a count, and the lines numbered 1..n without gaps, under concurrent transfers', async () => {
    const m = await memberWith(1000);
    const other = await memberWith(1000);
    // At once: transfers of one member (they share its rows), another member's, a refused one.
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => m.w.transfer('wallet', 'PG', 10)),
      ...Array.from({ length: 4 }, () => other.w.transfer('wallet', 'PG', 10)),
      m.w.transfer('wallet', 'PG', 5000),
      m.w.withdraw(100),
    ]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(13);
    for (const member of [m, other]) {
      const page = (await statement(member.token, { page: 1, limit: 100 })).json();
      expect(page.total).toBe(await counted(member.id));
      const lines = await t.app.ctx.db.selectFrom('statement_line').select('seq').where('member_id', '=', member.id).orderBy('seq').execute();
      expect(lines.map((l) => Number(l.seq))).toEqual(Array.from({ length: page.total }, (_, i) => i + 1));
      expect(page.statements).toHaveLength(page.total);
    }
    expect((await statement(m.token, { page: 1, limit: 10 })).json().total).toBe(10); // deposit, 8 transfers, 1 withdrawal
  });

  it('answers the same rows by page number and by cursor, newest first, and nothing past the end', async () => {
    const m = await memberWith(500);
    for (let i = 1; i <= 6; i++) expect((await m.w.transfer('wallet', 'PG', i)).statusCode).toBe(200);
    const byPage = [];
    for (let page = 1; page <= 3; page++) {
      const res = (await statement(m.token, { page, limit: 3 })).json();
      expect(res.total).toBe(7);
      byPage.push(...res.statements);
      expect(res.cursor === null).toBe(page === 3);
    }
    expect(byPage.map((s: { amount: number }) => s.amount)).toEqual([6, 5, 4, 3, 2, 1, 500]);
    const byCursor: unknown[] = [];
    let cursor: string | null = null;
    do {
      const res: { statements: unknown[]; cursor: string | null } = (await statement(m.token, { page: 1, limit: 3, ...(cursor ? { cursor } : {}) })).json();
      byCursor.push(...res.statements);
      cursor = res.cursor;
    } while (cursor);
    expect(byCursor).toEqual(byPage);
    expect((await statement(m.token, { page: 4, limit: 3 })).json()).toEqual({ total: 7, statements: [], cursor: null });
  });

  it('keeps a cursor page stable while new entries arrive', async () => {
    const m = await memberWith(500);
    for (let i = 1; i <= 4; i++) await m.w.transfer('wallet', 'PG', i);
    const first = (await statement(m.token, { page: 1, limit: 2 })).json();
    await m.w.transfer('wallet', 'PG', 9);
    const next = (await statement(m.token, { page: 1, limit: 2, cursor: first.cursor })).json();
    expect(next.statements.map((s: { amount: number }) => s.amount)).toEqual([2, 1]);
    expect(next.total).toBe(6);
  });

  it.each([
    ['not base64 json', 'not a cursor'],
    ['a key of the wrong shape', Buffer.from(JSON.stringify(['x'])).toString('base64url')],
    ['a negative line', Buffer.from('-4').toString('base64url')],
  ])('refuses a cursor that is %s as INVALID_INPUT', async (_, cursor) => {
    const m = await memberWith(10);
    const res = await statement(m.token, { page: 1, limit: 10, cursor });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'INVALID_INPUT' });
  });

  it('audits only the entries after its checkpoint, and keeps reporting a drift until it is resolved', async () => {
    const db = t.app.ctx.db;
    const full = await auditLedger(db, { mode: 'full' });
    expect(full).toMatchObject({ ok: true, mode: 'full' });
    const m = await memberWith(300);
    await m.w.transfer('wallet', 'PG', 50);
    const since = await auditLedger(db, { mode: 'incremental' });
    // the member's deposit, and the transfer's reserve and settle
    expect(since).toMatchObject({ ok: true, mode: 'incremental', entries: 3 });
    expect(BigInt(since.checkpoint)).toBeGreaterThan(BigInt(full.checkpoint));
    expect(await auditLedger(db, { mode: 'incremental' })).toMatchObject({ ok: true, entries: 0, checkpoint: since.checkpoint });

    // A cached balance changed behind the ledger's back: found by the incremental pass, which
    // compares every account, and the checkpoint stays until it is put right.
    const account = await db.selectFrom('ledger_account').select(['id', 'balance']).where('member_id', '=', m.id).where('kind', '=', 'wallet').executeTakeFirstOrThrow();
    await db.updateTable('ledger_account').set({ balance: BigInt(account.balance) + 1n }).where('id', '=', account.id).execute();
    await m.w.transfer('wallet', 'PG', 10);
    const drifted = await auditLedger(db, { mode: 'incremental' });
    expect(drifted).toMatchObject({ ok: false, checkpoint: since.checkpoint, drift: [{ accountId: String(account.id) }] });
    expect(await auditLedger(db, { mode: 'full' })).toMatchObject({ ok: false });
    await db.updateTable('ledger_account').set({ balance: sql`balance - 1` }).where('id', '=', account.id).execute();
    expect(await auditLedger(db, { mode: 'incremental' })).toMatchObject({ ok: true, entries: 2 });
  });

  it.runIf(engine === 'postgres')('does not move its checkpoint past an entry whose transaction is still open', async () => {
    const db = t.app.ctx.db;
    const m = await memberWith(100);
    await auditLedger(db, { mode: 'incremental' });
    const accounts = await db.selectFrom('ledger_account').select(['id', 'kind', 'code', 'member_id'])
      .where((eb) => eb.or([eb('member_id', '=', m.id).and('kind', '=', 'wallet'), eb('member_id', 'is', null).and('code', '=', 'deposits:test')]))
      .execute();
    const walletId = accounts.find((a) => a.kind === 'wallet')!.id;
    const houseId = accounts.find((a) => a.kind === 'house')!.id;
    // A deposit takes its entry id and waits before committing, while later entries commit.
    let booked!: () => void;
    let letCommit!: () => void;
    const isBooked = new Promise<void>((resolve) => { booked = resolve; });
    const mayCommit = new Promise<void>((resolve) => { letCommit = resolve; });
    const slow = db.connection().execute(async (conn) => {
      await sql`begin`.execute(conn);
      await sql`select * from ledger_post('deposit', ${m.id}::integer, null, null, ${[String(walletId), String(houseId)]}::bigint[], array[500, -500]::bigint[])`.execute(conn);
      booked();
      await mayCommit;
      await sql`commit`.execute(conn);
    });
    await isBooked;
    await memberWith(10);
    const before = await auditLedger(db, { mode: 'incremental', settleWaitMs: 200 });
    letCommit();
    await slow;
    const open = await db.selectFrom('ledger_entry').select(sql<string>`max(id)`.as('id')).where('member_id', '=', m.id).executeTakeFirstOrThrow();
    // Clean (the open entry was not visible), but the checkpoint stayed below the open entry.
    expect(before).toMatchObject({ ok: true });
    expect(BigInt(before.checkpoint)).toBeLessThan(BigInt(open.id));
    const after = await auditLedger(db, { mode: 'incremental' });
    expect(after).toMatchObject({ ok: true });
    expect(BigInt(after.checkpoint)).toBeGreaterThan(BigInt(open.id));
    expect((await statement(m.token, { page: 1, limit: 10 })).json().total).toBe(2);
    expect(await auditLedger(db, { mode: 'full' })).toMatchObject({ ok: true, checkpoint: after.checkpoint });
  });
});
