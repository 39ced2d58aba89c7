import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEndpoints, endpoints, type Endpoint } from '../../src/contract';
import { NOT_OFFERED } from '../../src/server/docs/not-offered';
import { auditLedger } from '../../src/server/ledger/audit';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { fundWallet, seedMember } from './helpers/members';
import { balances } from './helpers/wallet';

/**
 * HEAD must move nothing. Fastify answers HEAD for a GET route by running the GET's handler, and
 * SPEC's API moves money with GETs; the API mounts no HEAD (404 NOT_FOUND).
 */
describe.each(engines)('HEAD on the API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0', BONUS_TURNOVER_INTERVAL_MS: '0', REFUND_INTERVAL_MS: '0' });
  }, 180_000);
  afterAll(async () => {
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  const gets = (Object.entries({ ...endpoints, ...adminEndpoints }) as [string, Endpoint][])
    .filter(([name, e]) => e.method === 'GET' && !NOT_OFFERED.has(name as keyof typeof endpoints));

  it('mounts no HEAD route for any GET of the contract', () => {
    expect(gets.length).toBeGreaterThan(50);
    expect(gets.filter(([, e]) => t.app.hasRoute({ method: 'HEAD', url: e.path })).map(([name]) => name)).toEqual([]);
  });

  const member = async (deposit = 0) => {
    const m = await seedMember(t.app);
    if (deposit) await fundWallet(t.app, m.id, deposit);
    const call = (method: 'GET' | 'HEAD', url: string) => t.app.inject({ method, url, headers: clientHeaders(m.token) });
    const wallet = async () => (await balances(t.app, m.id)).wallet;
    return { ...m, call, wallet };
  };
  const gameAccounts = async (memberId: number) =>
    (await t.app.ctx.db.selectFrom('game_account').select('provider_code').where('member_id', '=', memberId).where('is_active', '=', true).execute()).length;

  // Each GET that changes state: the state before, after HEAD (unchanged), after GET (changed).
  it.each([
    ['GET /api/promotion/activate/:code credits the promotion', '/api/promotion/activate/SONGKRAN', async () => {
      const m = await member();
      return { m, state: () => m.wallet(), before: 0, afterGet: 100 };
    }],
    ['GET /api/bonus/activate/:code credits the bonus', '/api/bonus/activate/WELCOME100', async () => {
      const m = await member(200);
      return { m, state: () => m.wallet(), before: 200, afterGet: 400 };
    }],
    ['GET /api/refund/addWallet pays the waiting refund', '/api/refund/addWallet', async () => {
      const m = await member();
      await t.app.ctx.db.insertInto('refund').values({ member_id: m.id, period: '2020-01-01', net_loss: 20_000n, amount: 1_000n }).execute();
      return { m, state: () => m.wallet(), before: 0, afterGet: 10 };
    }],
    ['GET /api/refund/receive takes the waiting refund as a bonus', '/api/refund/receive', async () => {
      const m = await member();
      await t.app.ctx.db.insertInto('refund').values({ member_id: m.id, period: '2020-01-01', net_loss: 20_000n, amount: 1_000n }).execute();
      return { m, state: () => m.wallet(), before: 0, afterGet: 10 };
    }],
    ['GET /api/wallet/activate/:slotCode opens a game account', '/api/wallet/activate/PG', async () => {
      const m = await member();
      const before = await gameAccounts(m.id);
      return { m, state: () => gameAccounts(m.id), before, afterGet: before + 1 };
    }],
  ])('%s, and HEAD does nothing', async (_name, url, given) => {
    const { m, state, before, afterGet } = await given();
    expect(await state()).toBe(before);
    const head = await m.call('HEAD', url);
    expect(head.statusCode).toBe(404);
    expect(await state()).toBe(before);
    const get = await m.call('GET', url);
    expect(get.statusCode, get.body).toBe(200);
    expect(await state()).toBe(afterGet);
  });
});
