import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thaiSlipQr } from '../../src/server/providers/emvco/slip-qr';
import { EasySlipVerifier } from '../../src/server/providers/slips/easyslip';
import { SlipOkVerifier } from '../../src/server/providers/slips/slipok';
import type { SlipCheck } from '../../src/server/providers/slips/adapter';
import { EASYSLIP_ERRORS, EASYSLIP_SUCCESS, easySlipError, startEasySlip } from './helpers/easyslip-stand-in';
import { SLIPOK_ERRORS, SLIPOK_SLIP, SLIPOK_SUCCESS, slipOkError, startSlipOk, type SlipOkCode } from './helpers/slipok-stand-in';
import { adapterHeaders, type StandIn, type StandInReply } from './helpers/stand-in';

// Contract tests: our request, byte for byte, against each document's shape, and our reading of
// every answer the document lists. The services are stood in for by local servers (helpers/).
const slip = { sendingBank: '004', reference: '010092101507665143' };
const payload = thaiSlipQr(slip);
const TIMEOUT_MS = 300;

describe('EasySlip (API v1) verifier', () => {
  let standIn: StandIn;
  let reply: StandInReply = { status: 200, json: EASYSLIP_SUCCESS };
  const verifier = (apiKey = 'es-key') => new EasySlipVerifier({ url: `${standIn.url}/api/v1`, apiKey, timeoutMs: TIMEOUT_MS });
  const verify = (apiKey?: string) => verifier(apiKey).verify({ payload, ...slip });
  beforeAll(async () => {
    standIn = await startEasySlip('es-key', () => reply);
  });
  afterAll(() => standIn.close());

  it('asks GET /verify?payload= with the bearer token and nothing else, and reads the document\'s success', async () => {
    reply = { status: 200, json: EASYSLIP_SUCCESS };
    const before = standIn.requests.length;
    expect(await verify()).toEqual({
      kind: 'verified',
      transfer: { amount: 100_000n, currency: 'BAHT', receivingAccount: '12xxxx3456', transferredAt: new Date('2022-12-31T17:00:00.000Z') },
    });
    const [request] = standIn.requests.slice(before);
    expect(request.method).toBe('GET');
    expect(request.path).toBe(`/api/v1/verify?payload=${encodeURIComponent(payload)}`);
    expect(adapterHeaders(request)).toEqual({ authorization: 'Bearer es-key', accept: '*/*' });
    expect(request.body).toBe('');
  });

  it.each([
    [1000.5, 100_050n],
    [0.01, 1n],
    [49999.99, 4_999_999n],
  ])('converts %s baht to %s satang', async (baht, satang) => {
    reply = { status: 200, json: { ...EASYSLIP_SUCCESS, data: { ...EASYSLIP_SUCCESS.data, amount: { amount: baht, local: { amount: 0, currency: '' } } } } };
    expect(await verify()).toMatchObject({ kind: 'verified', transfer: { amount: satang } });
  });

  it('reads a receiver known by its PromptPay proxy only', async () => {
    const account = { name: { th: 'ร้าน' }, proxy: { type: 'MSISDN', account: '0xx-xxx-5678' } };
    reply = { status: 200, json: { ...EASYSLIP_SUCCESS, data: { ...EASYSLIP_SUCCESS.data, receiver: { bank: { id: '004' }, account } } } };
    expect(await verify()).toMatchObject({ kind: 'verified', transfer: { receivingAccount: '0xx-xxx-5678' } });
  });

  const outcomes: Record<keyof typeof EASYSLIP_ERRORS, SlipCheck> = {
    unauthorized: { kind: 'pending' },
    access_denied: { kind: 'pending' },
    account_not_verified: { kind: 'pending' },
    application_expired: { kind: 'pending' },
    application_deactivated: { kind: 'pending' },
    quota_exceeded: { kind: 'pending' },
    invalid_payload: { kind: 'refused', reason: 'INVALID_SLIP' },
    duplicate_slip: { kind: 'refused', reason: 'SLIP_REFNO_DUPLICATED' },
    slip_not_found: { kind: 'refused', reason: 'INVALID_SLIP' },
    server_error: { kind: 'pending' },
    api_server_error: { kind: 'pending' },
  };
  it.each(Object.entries(outcomes))('maps %s to %o', async (message, outcome) => {
    reply = easySlipError(message as keyof typeof EASYSLIP_ERRORS);
    expect(await verify()).toEqual(outcome);
  });

  it('answers unauthorized to a wrong token, which leaves the slip in progress', async () => {
    reply = { status: 200, json: EASYSLIP_SUCCESS };
    expect(await verify('wrong')).toEqual({ kind: 'pending' });
  });

  it('reads a duplicate_slip that carries the slip like any other, so our own rules decide', async () => {
    reply = { status: 400, json: { ...EASYSLIP_SUCCESS, status: 400, message: 'duplicate_slip' } };
    expect(await verify()).toMatchObject({ kind: 'verified', transfer: { amount: 100_000n } });
  });

  it.each([
    ['no answer in time', 'hang' as const],
    ['an HTML error page', { status: 502, text: '<html>Bad gateway</html>' }],
    ['an amount of three decimals', { status: 200, json: { ...EASYSLIP_SUCCESS, data: { ...EASYSLIP_SUCCESS.data, amount: { amount: 10.005 } } } }],
    ['a success without data', { status: 200, json: { status: 200 } }],
  ])('leaves the slip in progress on %s', async (_, answer) => {
    reply = answer;
    expect(await verify()).toEqual({ kind: 'pending' });
  });
});

describe('SlipOK (API 1.7) verifier', () => {
  let standIn: StandIn;
  let reply: StandInReply = { status: 200, json: SLIPOK_SUCCESS };
  const verify = (options: { branchId?: string; apiKey?: string } = {}) =>
    new SlipOkVerifier({ url: `${standIn.url}/api/line/apikey`, branchId: options.branchId ?? '12345', apiKey: options.apiKey ?? 'SLIPOK-KEY', timeoutMs: TIMEOUT_MS })
      .verify({ payload, ...slip });
  beforeAll(async () => {
    standIn = await startSlipOk('12345', 'SLIPOK-KEY', () => reply);
  });
  afterAll(() => standIn.close());

  it('posts { data: QR } to the branch with x-authorization, and reads the document\'s success', async () => {
    reply = { status: 200, json: SLIPOK_SUCCESS };
    const before = standIn.requests.length;
    expect(await verify()).toEqual({
      kind: 'verified',
      transfer: { amount: 100_050n, currency: 'BAHT', receivingAccount: 'xxx-x-x1234-x', transferredAt: new Date('2020-04-01T03:15:07.000Z') },
    });
    const [request] = standIn.requests.slice(before);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/line/apikey/12345');
    expect(adapterHeaders(request)).toEqual({ 'content-type': 'application/json', 'x-authorization': 'SLIPOK-KEY', accept: '*/*' });
    expect(request.body).toBe(JSON.stringify({ data: payload }));
  });

  it('reads a receiver known by its proxy only (a PromptPay transfer)', async () => {
    reply = { status: 200, json: { success: true, data: { ...SLIPOK_SLIP, receiver: { ...SLIPOK_SLIP.receiver, account: { type: '', value: '' } } } } };
    expect(await verify()).toMatchObject({ kind: 'verified', transfer: { receivingAccount: 'xxx-xxx-5678' } });
  });

  const verified = { kind: 'verified', transfer: { amount: 100_050n, receivingAccount: 'xxx-x-x1234-x' } };
  const outcomes: Record<SlipOkCode, SlipCheck | typeof verified> = {
    1000: { kind: 'pending' },
    1001: { kind: 'pending' },
    1002: { kind: 'pending' },
    1003: { kind: 'pending' },
    1004: { kind: 'pending' },
    1005: { kind: 'refused', reason: 'INVALID_SLIP' },
    1006: { kind: 'refused', reason: 'INVALID_SLIP' },
    1007: { kind: 'refused', reason: 'INVALID_SLIP' },
    1008: { kind: 'refused', reason: 'INVALID_SLIP' },
    1009: { kind: 'pending' },
    1010: { kind: 'pending' },
    1011: { kind: 'refused', reason: 'INVALID_SLIP' },
    // Repeated, wrong amount, wrong receiver: the slip comes with them, and our rules judge it.
    1012: verified,
    1013: verified,
    1014: verified,
  };
  it.each(Object.keys(SLIPOK_ERRORS))('maps error %s', async (code) => {
    reply = slipOkError(Number(code) as SlipOkCode);
    expect(await verify()).toMatchObject(outcomes[Number(code) as SlipOkCode]);
  });

  it('reads the code whether it comes as a number or as a string', async () => {
    reply = { status: 400, json: { success: false, code: '1011', message: SLIPOK_ERRORS[1011] } };
    expect(await verify()).toEqual({ kind: 'refused', reason: 'INVALID_SLIP' });
  });

  it('is answered 1001 for a wrong branch and 1002 for a wrong key, both leaving the slip in progress', async () => {
    reply = { status: 200, json: SLIPOK_SUCCESS };
    expect(await verify({ branchId: '999' })).toEqual({ kind: 'pending' });
    expect(await verify({ apiKey: 'wrong' })).toEqual({ kind: 'pending' });
  });

  it.each([
    ['no answer in time', 'hang' as const],
    ['an HTML error page', { status: 503, text: '<html>down</html>' }],
    ['a success whose slip cannot be read', { status: 200, json: { success: true, data: { ...SLIPOK_SLIP, amount: 'lots' } } }],
  ])('leaves the slip in progress on %s', async (_, answer) => {
    reply = answer;
    expect(await verify()).toEqual({ kind: 'pending' });
  });
});
