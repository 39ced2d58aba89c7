import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type ProviderConfig, type ReceivingConfig } from '../../src/contract';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { auditLedger } from '../../src/server/ledger/audit';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { configClient, configPeople } from './helpers/config';
import { contractCaller } from './helpers/contract-call';
import { engines } from './helpers/db';
import { fundWallet, seedMember } from './helpers/members';
import { operatorWith } from './helpers/operators';
import { TEST_PASSWORD_COST } from './helpers/password-cost';
import { balances, walletClient } from './helpers/wallet';

type Slot = { code: string; amount: number; closed: boolean; isActive: boolean; web: string | null };

describe.each(engines)('configuration: providers and receiving accounts on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  const people = () => configPeople(t.app);

  async function memberWith(amount: number, activate: string[]) {
    const m = await seedMember(t.app);
    if (amount) await fundWallet(t.app, m.id, amount);
    const w = walletClient(t.app, m.token);
    for (const code of activate) expect((await w.activate(code)).statusCode).toBe(200);
    return { ...m, w };
  }
  const slots = async (m: { w: ReturnType<typeof walletClient> }): Promise<Slot[]> => (await m.w.home()).json().slots;
  const slot = async (m: { w: ReturnType<typeof walletClient> }, code: string) => (await slots(m)).find((s) => s.code === code);

  it('a provider switched off leaves the lobby, refuses money in and launches, and lets the money there out', async () => {
    const { admin, support } = await people();
    const holder = await memberWith(500, ['PG', 'JOKER']);
    const other = await memberWith(100, ['PG']);
    expect((await holder.w.transfer('wallet', 'PG', 200)).statusCode).toBe(200);
    expect((await holder.w.transfer('wallet', 'JOKER', 50)).statusCode).toBe(200);
    const login = await t.app.wallet.games.credentials(holder.id, 'PG');

    const before = (await admin.config.value('providers', 'PG')) as ProviderConfig;
    expect(before).toEqual({ open: true, facts: { name: 'PG Soft', category: 'slot', holders: 1 } });

    // Support reads but cannot switch; nothing changes.
    const refused = await support.config.change('providers', 'PG', { open: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'FORBIDDEN' });
    expect(await slot(other, 'PG')).toMatchObject({ closed: false });

    // A switch applies at once; the read-only facts an operator sends are not stored.
    const off = await admin.config.change('providers', 'PG', { open: false, facts: { name: 'x', category: 'lotto', holders: 99 } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.answer()).toMatchObject({ status: 'applied', movesMoney: false });
    // The change (and its audit line) holds the switch alone.
    expect(off.answer().before).toEqual({ open: true });
    expect(off.answer().after).toEqual({ open: false });
    expect(await admin.config.value('providers', 'PG')).toEqual({ open: false, facts: { name: 'PG Soft', category: 'slot', holders: 1 } });

    // Gone from the lobby of a member with nothing there; kept, closed and without links, for the one holding money.
    expect((await slots(other)).map((s) => s.code)).not.toContain('PG');
    expect(await slots(other)).toHaveLength(15);
    expect(await slot(holder, 'PG')).toMatchObject({ amount: 200, closed: true, isActive: true, web: null });
    expect(await slot(holder, 'JOKER')).toMatchObject({ amount: 50, closed: false });

    // No money in: from the wallet, all of it, or from another game; no balance moves.
    const before2 = await balances(t.app, holder.id);
    for (const attempt of [holder.w.transfer('wallet', 'PG', 10), holder.w.transferAll('PG'), holder.w.transfer('JOKER', 'PG', 10), other.w.transfer('wallet', 'PG', 10)]) {
      const r = await attempt;
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ message: 'PROVIDER_OFF' });
    }
    expect(await balances(t.app, holder.id)).toEqual(before2);
    expect(await balances(t.app, other.id)).toMatchObject({ wallet: 100, PG: 0 });

    // No launches: the credentials, the auto-login call, activation by a member who has none yet.
    const call = contractCaller(t.app, holder.token);
    expect((await call(endpoints.walletAccount, { params: { slotCode: 'PG' } })).json()).toEqual({ message: 'PROVIDER_OFF' });
    const autoLogin = await t.app.inject({ method: 'GET', url: `/api/autoLogin/pg/${encodeURIComponent(login.username)}`, headers: clientHeaders(holder.token) });
    expect(autoLogin.statusCode).toBe(409);
    expect(autoLogin.json()).toEqual({ message: 'PROVIDER_OFF' });
    const newcomer = await memberWith(0, []);
    expect((await newcomer.w.activate('PG')).json()).toEqual({ message: 'PROVIDER_OFF' });

    // The money there stays the member's: the balance is read, and it moves out.
    const refreshed = await holder.w.refresh();
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().slots.find((s: Slot) => s.code === 'PG')).toMatchObject({ amount: 200, closed: true });
    const toJoker = await holder.w.transfer('PG', 'JOKER', 50);
    expect(toJoker.statusCode, toJoker.body).toBe(200);
    const out = await holder.w.transfer('PG', 'wallet', 150);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({ wallet: { amount: 400 }, slots: [{ code: 'PG', amount: 0 }] });
    expect(await balances(t.app, holder.id)).toMatchObject({ wallet: 400, PG: 0, JOKER: 100 });
    // Emptied, the closed card leaves this lobby too.
    expect((await slots(holder)).map((s) => s.code)).not.toContain('PG');
    expect(((await admin.config.value('providers', 'PG')) as ProviderConfig).facts?.holders).toBe(0);

    // Switched on again: back in every lobby, money goes in.
    const on = await admin.config.change('providers', 'PG', { open: true });
    expect(on.answer()).toMatchObject({ status: 'applied', before: { open: false }, after: { open: true } });
    expect(await slot(other, 'PG')).toMatchObject({ closed: false, amount: 0 });
    expect((await other.w.transfer('wallet', 'PG', 10)).statusCode).toBe(200);
    expect(await balances(t.app, other.id)).toMatchObject({ wallet: 90, PG: 10 });
    expect((await call(endpoints.walletAccount, { params: { slotCode: 'PG' } })).statusCode).toBe(200);

    const audit = await t.app.ctx.db.selectFrom('operator_audit').select(['action', 'operator_username'])
      .where('target_type', '=', 'config.providers').where('target_id', '=', 'PG').orderBy('id').execute();
    expect(audit.map((a) => [a.action, a.operator_username])).toEqual([['config.change', admin.username], ['config.change', admin.username]]);
  });

  it('keeps one switch when another provider is switched, and refuses an unknown provider', async () => {
    const { admin } = await people();
    await admin.config.change('providers', 'JOKER', { open: false });
    await admin.config.change('providers', 'SLOTXO', { open: false });
    await admin.config.change('providers', 'JOKER', { open: true });
    expect(await t.app.wallet.switches.closed()).toEqual(new Set(['SLOTXO']));
    const unknown = await admin.config.change('providers', 'NOPE', { open: false });
    expect(unknown.json()).toEqual({ message: 'NOT_FOUND' });
    const bad = await admin.config.change('providers', 'PG', { open: 'no' });
    expect(bad.json()).toEqual({ message: 'INVALID_INPUT' });
    await admin.config.change('providers', 'SLOTXO', { open: true });
    expect(await t.app.wallet.switches.closed()).toEqual(new Set());
  });

  it('a receiving account change waits for a second operator, then members deposit to it', async () => {
    const { admin, finance, support } = await people();
    const member = await seedMember(t.app);
    const lookup = async () => (await contractCaller(t.app, member.token)(endpoints.lookupDeposit)).answer();
    const before = (await admin.config.value('receiving', 'TH')) as ReceivingConfig;
    expect(before.banks.map((b) => b.bankCode)).toEqual(expect.arrayContaining(['SCB', 'KBANK', 'WW']));
    expect(before.wallets.length).toBeGreaterThan(0);
    const added = { bankCode: 'BBL', bankType: 'BBL', mode: 'AUTO' as const, bankAccountName: 'NEW RECEIVER CO', bankAccountNo: '1234567890', currency: null };
    const value: ReceivingConfig = { ...before, banks: [...before.banks, added] };

    // Support cannot propose.
    expect((await support.config.change('receiving', 'TH', value)).json()).toEqual({ message: 'FORBIDDEN' });

    // Unknown banks and account numbers with other than digits are refused, changing nothing.
    const unknownBank = await admin.config.change('receiving', 'TH', { ...before, banks: [...before.banks, { ...added, bankCode: 'BCEL', bankType: 'BCEL' }] });
    expect(unknownBank.json()).toEqual({ message: 'INVALID_BANK' });
    for (const bankAccountNo of ['123-456-7890', '12345', 'x1234567890']) {
      const r = await admin.config.change('receiving', 'TH', { ...before, banks: [...before.banks, { ...added, bankAccountNo }] });
      expect(r.json(), bankAccountNo).toEqual({ message: 'INVALID_INPUT' });
    }
    const badWallet = await admin.config.change('receiving', 'TH', { ...before, wallets: [{ mode: 'AUTO', walletAccountName: 'W', walletAccountNo: '09x' }] });
    expect(badWallet.json()).toEqual({ message: 'INVALID_INPUT' });

    const proposed = await admin.config.change('receiving', 'TH', value);
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.answer()).toMatchObject({ status: 'pending', movesMoney: true });
    expect((await lookup()).banks.map((b) => b.bankAccountNo)).not.toContain('1234567890');
    expect((await admin.config.approve(proposed.answer().id)).json()).toEqual({ message: 'OWN_PROPOSAL' });
    expect((await support.config.approve(proposed.answer().id)).json()).toEqual({ message: 'FORBIDDEN' });

    const approved = await finance.config.approve(proposed.answer().id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.answer()).toMatchObject({ status: 'applied', decidedBy: finance.username });
    const shown = (await lookup()).banks.find((b) => b.bankAccountNo === '1234567890');
    expect(shown).toMatchObject({ bankCode: 'BBL', bankAccountName: 'NEW RECEIVER CO', mode: 'AUTO', bank: { nameEN: 'Bangkok Bank' } });
    // What was there before is kept as it was (the QR targets the deposit flows need too).
    expect(await admin.config.value('receiving', 'TH')).toEqual(value);
    const stored = await t.app.ctx.settings.get<{ banks: { promptPay?: unknown }[] }>('deposit.TH', { banks: [] });
    expect(stored.banks.some((b) => b.promptPay)).toBe(true);

    // And back, by two operators again.
    const undo = await admin.config.change('receiving', 'TH', before);
    expect((await finance.config.approve(undo.answer().id)).statusCode).toBe(200);
    expect((await lookup()).banks.map((b) => b.bankAccountNo)).not.toContain('1234567890');
  });

  it('reads the Lao receiving accounts and checks them against the Lao banks', async () => {
    const { admin } = await people();
    const la = (await admin.config.value('receiving', 'LA')) as ReceivingConfig;
    expect(la.banks.every((b) => b.bankCode === 'BCEL')).toBe(true);
    expect(la.banks.some((b) => b.laoQr)).toBe(true);
    const thaiBank = await admin.config.change('receiving', 'LA', { ...la, banks: [{ ...la.banks[0], bankCode: 'SCB', bankType: 'SCB' }] });
    expect(thaiBank.json()).toEqual({ message: 'INVALID_BANK' });
    const badMerchant = await admin.config.change('receiving', 'LA', {
      ...la, banks: la.banks.map((b) => (b.laoQr ? { ...b, laoQr: { ...b.laoQr, bankId: '12345678' } } : b)),
    });
    expect(badMerchant.json()).toEqual({ message: 'INVALID_INPUT' });
    expect((await admin.config.change('receiving', 'XX', la)).json()).toEqual({ message: 'NOT_FOUND' });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a provider switch on two nodes of one PostgreSQL', () => {
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await build('postgres', { RECONCILE_INTERVAL_MS: '0' });
    // The same database as node a's, by its name.
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(a.app.ctx.db);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0].name}`;
    b = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', CLIENT_DIR: '/nonexistent', ...TEST_PASSWORD_COST, RECONCILE_INTERVAL_MS: '0' }),
      database: openDatabase({ url: url.toString() }),
      logger: false,
    });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('is followed by the other node within about a second, with no restart', async () => {
    const admin = await operatorWith(a.app, 'admin');
    const m = await seedMember(a.app);
    await fundWallet(a.app, m.id, 100);
    const onB = walletClient(b, m.token);
    expect((await onB.activate('PG')).statusCode).toBe(200);
    // Node b has read the switch (and cached it) before node a changes it.
    expect((await onB.home()).json().slots.map((s: Slot) => s.code)).toContain('PG');

    expect((await configClient(a.app, admin.token).change('providers', 'PG', { open: false })).answer().status).toBe('applied');
    const started = Date.now();
    await expect.poll(async () => (await onB.home()).json().slots.map((s: Slot) => s.code), { timeout: 3_000, interval: 100 }).not.toContain('PG');
    expect(Date.now() - started).toBeLessThan(2_500);
    const refused = await onB.transfer('wallet', 'PG', 10);
    expect(refused.json()).toEqual({ message: 'PROVIDER_OFF' });
    expect(await balances(b, m.id)).toMatchObject({ wallet: 100, PG: 0 });

    await configClient(a.app, admin.token).change('providers', 'PG', { open: true });
    await expect.poll(async () => (await onB.transfer('wallet', 'PG', 10)).statusCode, { timeout: 3_000, interval: 200 }).toBe(200);
  });
});
