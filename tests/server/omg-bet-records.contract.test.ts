import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderFault, ProviderTimeout } from '../../src/server/providers/games/adapter';
import { OmgGameProvider, omgSign } from '../../src/server/providers/games/omg-adapter';
import { OmgBetRecords, type OmgBetRecordSettings } from '../../src/server/providers/games/omg-bet-records';
import { OmgStandIn } from './helpers/omg-stand-in';

// Turnover at OMG from its back office's bet record list
// (https://docs.omgapi.cc/en/reports-and-functional/user-bet-record): our request byte for byte,
// and our reading of its answers, against a stand-in that answers as the document does.
const APP_ID = '10013';
const KEY = '39a6581c31ef3203a22edb2daa2ab6d1';
const NOW = 1711954264;
const PATH = '/api/v1/merchant/outer/record/GetGameRecordList';

describe('OMG bet records: turnover (contract)', () => {
  let omg: OmgStandIn;
  let now = NOW;
  const reader = (overrides: Partial<OmgBetRecordSettings> = {}) =>
    new OmgBetRecords({ backendUrl: `${omg.url}/`, appId: APP_ID, signKey: KEY, timeoutMs: 500, now: () => now, pullGapMs: 0, ...overrides });
  const pulls = () => omg.calls.filter((c) => c.path === PATH);

  beforeAll(async () => {
    omg = await new OmgStandIn(APP_ID, KEY).start();
  });
  beforeEach(() => {
    now = NOW;
    omg.calls.length = 0;
    omg.bets.length = 0;
    omg.betsAsNumbers = false;
  });
  afterAll(() => omg.close());

  it('asks as documented: the path, ?trace_id, the sign header, and the body fields in order, a page at a time until one is empty', async () => {
    omg.bet('wpg7', 300n, NOW - 600);
    const since = new Date((NOW - 3_600) * 1000);
    expect(await reader().turnover('wpg7', { since })).toEqual({ turnover: 300n, cursor: String(NOW - 60) });
    const window = `"start_time":${NOW - 3_601},"end_time":${NOW - 59}`;
    expect(pulls().map((c) => c.body)).toEqual([
      `{"app_id":"10013","uname":"wpg7","page":1,"size":1000,${window}}`,
      `{"app_id":"10013","uname":"wpg7","page":2,"size":1000,${window}}`,
    ]);
    for (const call of pulls()) {
      expect(call.query).toMatch(/^trace_id=[0-9a-f]{24}$/);
      expect(call.headers.sign).toBe(omgSign(call.query, call.body, KEY));
      expect(call.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });

  it('counts each bet of [cursor, now - 60 s) once, and the next read from where the last one stopped', async () => {
    const since = NOW - 3_600;
    omg.bet('wpg7', 100n, since - 1); // before the bonus
    omg.bet('wpg7', 1_025n, since); // counted: the window's first second
    omg.bet('wpg7', 50n, NOW - 61); // counted
    omg.bet('wpg8', 9_999n, NOW - 100); // another player
    omg.bet('wpg7', 700n, NOW - 60); // not yet: a minute's margin for late records
    const first = await reader().turnover('wpg7', { since: new Date(since * 1000) });
    expect(first).toEqual({ turnover: 1_075n, cursor: String(NOW - 60) });

    now = NOW + 120;
    omg.bet('wpg7', 5n, NOW + 30);
    expect(await reader().turnover('wpg7', { cursor: first.cursor })).toEqual({ turnover: 705n, cursor: String(NOW + 60) });
    // Read again too soon: nothing new, the cursor stays.
    expect(await reader().turnover('wpg7', { cursor: String(NOW + 60) })).toEqual({ turnover: 0n, cursor: String(NOW + 60) });
  });

  it('reads every page, each pull at least 500 ms after the one before (OMG\'s pace for record pulls)', async () => {
    for (let i = 0; i < 1_001; i++) omg.bet('wpg7', 1n, NOW - 1_000 + (i % 900));
    const records = reader({ pullGapMs: undefined });
    const started = Date.now();
    expect(await records.turnover('wpg7', { since: new Date((NOW - 3_600) * 1000) })).toEqual({ turnover: 1_001n, cursor: String(NOW - 60) });
    expect(pulls().map((c) => JSON.parse(c.body).page)).toEqual([1, 2, 3]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  });

  it('reads bets written as numbers (the document\'s example) as decimal text, and a record met twice once', async () => {
    omg.betsAsNumbers = true;
    omg.bet('wpg7', 1_050n, NOW - 500);
    // `id` is a JSON number too large to keep every digit; `id_str` is the record's id.
    const record = { create_time: NOW - 400, bet: 12.5, id: 1866092861671518200, id_str: '1866092861671518299' };
    omg.fault(PATH, { kind: 'answer', body: { code: 1, msg: 'success', total: 1, data: [record] } });
    omg.fault(PATH, { kind: 'answer', body: { code: 1, msg: 'success', total: 2, data: [record, { ...record, id: 2, id_str: '2', bet: '0.25' }] } });
    expect((await reader().turnover('wpg7', { since: new Date((NOW - 3_600) * 1000) })).turnover).toBe(1_275n);
    expect((await reader().turnover('wpg7', { since: new Date((NOW - 3_600) * 1000) })).turnover).toBe(1_050n);
  });

  it.each([
    ['a refusal in the back office\'s codes (20008, a wrong key)', () => reader({ signKey: 'wrong' }), ProviderFault],
    ['a success code of the game API (0) where the back office answers 1', () => (omg.fault(PATH, { kind: 'answer', body: { code: 0, msg: 'ok', data: [] } }), reader()), ProviderFault],
    ['a record without its bet', () => (omg.fault(PATH, { kind: 'answer', body: { code: 1, data: [{ id_str: '1', create_time: NOW - 100 }] } }), reader()), ProviderFault],
    ['an HTTP 500', () => (omg.fault(PATH, { kind: 'http500' }), reader()), ProviderTimeout],
  ])('counts nothing on %s', async (_name, make, error) => {
    await expect(make().turnover('wpg7', { since: new Date((NOW - 3_600) * 1000) })).rejects.toBeInstanceOf(error);
  });

  it('is what the adapter answers for turnover, and refuses to guess without OMG_BACKEND_URL', async () => {
    omg.bet('wpg7', 400n, NOW - 300);
    const settings = { baseUrl: omg.url, appId: APP_ID, signKey: KEY, currencyId: 0, gameId: '2001', unamePrefix: 'w', timeoutMs: 500, now: () => now };
    const from = { since: new Date((NOW - 3_600) * 1000) };
    expect(await new OmgGameProvider('PG', { ...settings, betRecords: reader() }).turnover('wpg7', from)).toEqual({ turnover: 400n, cursor: String(NOW - 60) });
    await expect(new OmgGameProvider('PG', settings).turnover('wpg7', from)).rejects.toBeInstanceOf(ProviderFault);
  });
});
