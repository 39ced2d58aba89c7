import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../src/contract';
import { call, http } from '../../src/client/api/call';
import { ApiError, isPendingAnswer } from '../../src/client/api/errors';

/** Answers every request with the given status and body, as the server would, and records it. */
const sent: InternalAxiosRequestConfig[] = [];
const answerWith = (status: number, data: unknown): AxiosAdapter => async (config) => {
  sent.push(config);
  const response = { status, statusText: String(status), data, headers: {}, config };
  if (status >= 200 && status < 300) return response;
  throw new AxiosError(`status ${status}`, AxiosError.ERR_BAD_RESPONSE, config, undefined, response);
};

const original = http.defaults.adapter;
beforeEach(() => {
  sent.length = 0;
});
afterEach(() => {
  http.defaults.adapter = original;
});

const transfer = { from: 'wallet', to: 'PG', amount: 300 };

describe('call() on money-moving endpoints', () => {
  it('sends the idempotency key it is given, unchanged, on every attempt', async () => {
    http.defaults.adapter = answerWith(200, { wallet: { amount: 700 }, slots: [{ code: 'PG', amount: 300, syncedAt: '2026-11-26T02:00:00.000Z' }] });
    const first = await call(endpoints.walletTransfer, { body: transfer, idempotencyKey: 'action-1' });
    await call(endpoints.walletTransfer, { body: transfer, idempotencyKey: 'action-1' });
    expect(first).toEqual({ wallet: { amount: 700 }, slots: [{ code: 'PG', amount: 300, syncedAt: '2026-11-26T02:00:00.000Z' }] });
    const keys = sent.map((c) => AxiosHeaders.from(c.headers).get('idempotency-key'));
    expect(keys).toEqual(['action-1', 'action-1']);
    expect(JSON.parse(String(sent[0].data))).toEqual(transfer);
  });

  it("treats 202 { message: 'TRANSFER_PENDING' } as pending, not as a schema mismatch", async () => {
    http.defaults.adapter = answerWith(202, { message: 'TRANSFER_PENDING' });
    const error = await call(endpoints.walletTransfer, { body: transfer, idempotencyKey: 'action-1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'TRANSFER_PENDING', status: 202 });
    expect(isPendingAnswer(error)).toBe(true);
  });

  it('a refusal is an ApiError with the server code, not pending', async () => {
    http.defaults.adapter = answerWith(502, { message: 'TRANSFER_FAIL' });
    const error = await call(endpoints.walletWithdraw, { body: { amount: 200 }, idempotencyKey: 'k' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TRANSFER_FAIL', status: 502 });
    expect(isPendingAnswer(error)).toBe(false);
  });

  it('still refuses a 200 body that does not match the contract', async () => {
    http.defaults.adapter = answerWith(200, { wallet: 'seven hundred' });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await call(endpoints.walletWithdraw, { body: { amount: 200 }, idempotencyKey: 'k' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(isPendingAnswer(error)).toBe(false);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('makes a key itself when the caller gives none', async () => {
    http.defaults.adapter = answerWith(200, { wallet: { amount: 0 } });
    await call(endpoints.walletWithdrawAll, { body: { amount: 500 } });
    expect(AxiosHeaders.from(sent[0].headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{32,36}$/);
  });
});
