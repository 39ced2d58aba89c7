import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSUFFICIENT_BALANCE, ProviderRefusal, ProviderTimeout } from '../../src/server/providers/games/adapter';
import { fromOmgAmount, OmgGameProvider, omgSign, toOmgAmount } from '../../src/server/providers/games/omg-adapter';
import { OmgStandIn } from './helpers/omg-stand-in';

// The OMG Transfer Wallet adapter against a stand-in that answers as the document does
// (https://docs.omgapi.cc/en/game-apis/transfer-wallet): our requests byte for byte, and our
// reading of every answer the document names.
const APP_ID = '10013';
const KEY = '39a6581c31ef3203a22edb2daa2ab6d1';
const NOW = 1711954264;

describe('OMG Transfer Wallet adapter (contract)', () => {
  let omg: OmgStandIn;
  let adapter: OmgGameProvider;
  const refOf = (n: number) => `0199a6c8-0000-7000-8000-${String(n).padStart(12, '0')}`;
  const last = (path: string) => omg.calls.filter((c) => c.path === path).at(-1)!;

  beforeAll(async () => {
    omg = await new OmgStandIn(APP_ID, KEY).start();
    adapter = new OmgGameProvider('PG', { baseUrl: `${omg.url}/`, appId: APP_ID, signKey: KEY, currencyId: 0, gameId: '2001', unamePrefix: 'w', timeoutMs: 300, now: () => NOW });
  });
  afterAll(() => omg.close());

  it('signs as the document\'s worked example does', () => {
    const body = '{"player_logon_token":"b27cfe9b-f01c-11ee-a0b5-000c2901d9cc","account_id":"1002402","timestamp":1711971655}';
    expect(omgSign('trace_id=dhf1aboc1iio', body, KEY)).toBe('e3f8dc79e875e46f6755ef540c2d24f3');
  });

  it('writes and reads amounts as the document\'s decimal text', () => {
    expect([toOmgAmount(10025n), toOmgAmount(-10025n), toOmgAmount(5n), toOmgAmount(0n)]).toEqual(['100.25', '-100.25', '0.05', '0.00']);
    expect([fromOmgAmount('4299.18'), fromOmgAmount('42766.25'), fromOmgAmount('1'), fromOmgAmount('0.1299'), fromOmgAmount(1.5), fromOmgAmount('1e3')])
      .toEqual([429918n, 4276625n, 100n, 12n, null, null]);
  });

  it('sends each call as documented: path, ?trace_id, the sign header, and the body fields in order', async () => {
    const login = await adapter.createPlayer(7);
    expect(login.username).toBe('wpg7');
    const token = omg.players.get('wpg7')!.token;
    expect(login.password).toBe(token);
    await adapter.deposit('wpg7', 10025n, refOf(1));
    await adapter.withdraw('wpg7', 25n, refOf(2));
    expect(await adapter.balance('wpg7')).toBe(10000n);
    expect(await adapter.transferStatus(refOf(1), 'wpg7')).toBe('applied');
    expect((await adapter.launch({ username: 'wpg7', password: token })).web).toBe(`https://m.games.omg.example/2001/index.html?t=${token}`);

    const expected: [string, string][] = [
      ['/api/player/v1/authorize', `{"app_id":"10013","uname":"wpg7","nickname":"wpg7","timestamp":${NOW},"cid":0}`],
      ['/api/cash/v1/transfer', `{"app_id":"10013","token":"${token}","amount":"100.25","tx_id":"${refOf(1)}","timestamp":${NOW}}`],
      ['/api/cash/v1/transfer', `{"app_id":"10013","token":"${token}","amount":"-0.25","tx_id":"${refOf(2)}","timestamp":${NOW}}`],
      ['/api/cash/v1/getPlayerWallet', `{"app_id":"10013","token":"${token}","timestamp":${NOW}}`],
      ['/api/cash/v1/transfer/status', `{"app_id":"10013","token":"${token}","tx_id":"${refOf(1)}","timestamp":${NOW}}`],
      ['/api/game/v1/entergame', `{"app_id":"10013","token":"${token}","gameid":"2001","timestamp":${NOW},"screen_mode":"1"}`],
    ];
    expect(omg.calls.map((c) => [c.path, c.body])).toEqual(expected);
    const traces = new Set<string>();
    for (const call of omg.calls) {
      expect(call.query).toMatch(/^trace_id=[0-9a-f]{24}$/);
      traces.add(call.query);
      expect(call.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(call.headers.sign).toBe(createHash('md5').update(call.query + call.body + KEY).digest('hex'));
    }
    expect(traces.size).toBe(omg.calls.length);
  });

  // Each answer the document names for a transfer, and what it means for our money.
  const refused = (reason: string) => ({ refused: reason });
  it.each([
    ['10001 balance not enough', { code: 10001, msg: 'balance is not enough', data: null }, refused(INSUFFICIENT_BALANCE)],
    ['10002 sign invalid', { code: 10002, msg: 'sign invalid', data: null }, refused('sign invalid')],
    ['10006 too frequent', { code: 10006, msg: 'too frequent', data: null }, refused('too many requests')],
    ['10007 in a game', { code: 10007, msg: 'in game', data: null }, refused('player is in a game')],
    ['10009 illegal parameter', { code: 10009, msg: 'illegal parameter', data: null }, refused('illegal parameter')],
    ['10012 illegal app_id', { code: 10012, msg: 'illegal app_id', data: null }, refused('illegal app_id')],
    ['10013 player does not exist', { code: 10013, msg: 'player not exist', data: null }, refused('unknown player')],
    ['10019 currency not supported', { code: 10019, msg: 'currency', data: null }, refused('currency not supported')],
    ['state 0 (failed)', { code: 0, msg: 'ok', data: { tx_id: 'REF', ptx_id: '1', state: 0 } }, refused('transfer failed')],
    ['10003 order being processed', { code: 10003, msg: 'processing', data: null }, 'unknown'],
    ['10010 failed (unspecified)', { code: 10010, msg: 'failed', data: null }, 'unknown'],
    ['10015 server error', { code: 10015, msg: 'internal error', data: null }, 'unknown'],
    ['a code the document does not name', { code: 99999, msg: '?', data: null }, 'unknown'],
    ['success naming another tx_id', { code: 0, msg: 'ok', data: { tx_id: 'someone-else', ptx_id: '1', state: 1 } }, 'unknown'],
  ])('maps a transfer answered %s', async (_name, body, outcome) => {
    const ref = refOf(100 + omg.calls.length);
    omg.fault('/api/cash/v1/transfer', { kind: 'answer', body: JSON.parse(JSON.stringify(body).replace('"REF"', JSON.stringify(ref))) });
    const error = await adapter.deposit('wpg7', 100n, ref).then(() => null, (e: unknown) => e);
    if (outcome === 'unknown') expect(error).toBeInstanceOf(ProviderTimeout);
    else expect(error).toEqual(expect.objectContaining({ name: 'ProviderRefusal', reason: (outcome as { refused: string }).refused }));
  });

  it('reads HTTP 500 and a call never answered as unknown outcomes, in time', async () => {
    omg.fault('/api/cash/v1/transfer', { kind: 'http500' });
    await expect(adapter.deposit('wpg7', 100n, refOf(200))).rejects.toBeInstanceOf(ProviderTimeout);
    omg.fault('/api/cash/v1/transfer', { kind: 'hang' });
    const started = Date.now();
    await expect(adapter.deposit('wpg7', 100n, refOf(201))).rejects.toBeInstanceOf(ProviderTimeout);
    expect(Date.now() - started).toBeLessThan(1_500);
    // Neither applied: the lookup says so, and the reconciler's void answers 'voided'.
    expect(await adapter.transferStatus(refOf(201), 'wpg7')).toBe('not_found');
    expect(await adapter.voidTransfer(refOf(200), 'wpg7')).toBe('voided');
  });

  it('finds a transfer whose answer was lost applied, and a duplicate tx_id is looked up, never moved twice', async () => {
    const before = omg.balanceOf('wpg7')!;
    omg.fault('/api/cash/v1/transfer', { kind: 'lose-answer' });
    await expect(adapter.deposit('wpg7', 500n, refOf(300))).rejects.toBeInstanceOf(ProviderTimeout);
    expect(await adapter.transferStatus(refOf(300), 'wpg7')).toBe('applied');
    expect(await adapter.voidTransfer(refOf(300), 'wpg7')).toBe('applied');
    // The same reference again: OMG answers 10005, the adapter asks the status: applied once.
    await expect(adapter.deposit('wpg7', 500n, refOf(300))).resolves.toBeUndefined();
    expect(omg.balanceOf('wpg7')).toBe(before + 500n);
    expect(omg.calls.filter((c) => c.path === '/api/cash/v1/transfer/status').length).toBeGreaterThan(0);
  });

  it('reads a pending status as not yet known, and 10020 as never applied', async () => {
    omg.fault('/api/cash/v1/transfer/status', { kind: 'answer', body: { code: 0, msg: 'ok', data: { amount: '1.00', state: 2 } } });
    await expect(adapter.transferStatus(refOf(1), 'wpg7')).rejects.toBeInstanceOf(ProviderTimeout);
    omg.fault('/api/cash/v1/transfer/status', { kind: 'answer', body: { code: 10015, msg: 'internal error', data: null } });
    await expect(adapter.voidTransfer(refOf(1), 'wpg7')).rejects.toBeInstanceOf(ProviderTimeout);
    expect(await adapter.transferStatus(refOf(999), 'wpg7')).toBe('not_found');
  });

  it('renews a token OMG no longer takes (10011) and makes the refused call once more', async () => {
    const stale = omg.players.get('wpg7')!.token;
    expect(await adapter.resetPassword('wpg7')).not.toBe(stale);
    omg.players.get('wpg7')!.token = 'renewed-elsewhere';
    const before = omg.balanceOf('wpg7')!;
    await adapter.deposit('wpg7', 100n, refOf(400));
    expect(omg.balanceOf('wpg7')).toBe(before + 100n);
    const transfers = omg.calls.filter((c) => c.path === '/api/cash/v1/transfer').slice(-2).map((c) => JSON.parse(c.body).tx_id);
    expect(transfers).toEqual([refOf(400), refOf(400)]);
    expect(last('/api/player/v1/authorize').body).toContain('"uname":"wpg7"');
  });

  it('renews once for calls refused together: they share one authorize and none refuses the other', async () => {
    omg.players.get('wpg7')!.token = 'renewed-elsewhere-again';
    const before = omg.balanceOf('wpg7')!;
    const authorizes = () => omg.calls.filter((c) => c.path === '/api/player/v1/authorize').length;
    const asked = authorizes();
    await Promise.all([adapter.deposit('wpg7', 100n, refOf(401)), adapter.deposit('wpg7', 200n, refOf(402)), adapter.withdraw('wpg7', 50n, refOf(403))]);
    expect(authorizes() - asked).toBe(1);
    expect(omg.balanceOf('wpg7')).toBe(before + 250n);
  });

  it('refuses a player it cannot open, and a launch OMG refuses', async () => {
    omg.fault('/api/player/v1/authorize', { kind: 'answer', body: { code: 10018, msg: 'merchant disabled', data: null } });
    await expect(adapter.createPlayer(8)).rejects.toEqual(expect.objectContaining({ reason: 'merchant disabled' }));
    omg.fault('/api/game/v1/entergame', { kind: 'answer', body: { code: 10017, msg: 'game not opened', data: null } });
    await expect(adapter.launch({ username: 'wpg7', password: 'x' })).rejects.toBeInstanceOf(ProviderRefusal);
  });
});
