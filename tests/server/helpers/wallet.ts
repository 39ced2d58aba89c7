import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../src/contract';
import { clientHeaders } from './app';
import { contractCaller } from './contract-call';

/** Domain verbs for wallet tests: each call is one member action with its own idempotency key, by its contract entry. */
export function walletClient(app: FastifyInstance, token: string) {
  const call = contractCaller(app, token);
  const get = (url: string) => app.inject({ method: 'GET', url, headers: clientHeaders(token) });
  return {
    get,
    activate: (slotCode: string) => call(endpoints.walletActivate, { params: { slotCode } }),
    home: () => call(endpoints.wallet),
    refresh: () => call(endpoints.walletRefreshSlot),
    transfer: (from: string, to: string, amount: number, key?: string) => call(endpoints.walletTransfer, { body: { from, to, amount }, key }),
    transferAll: (to: string, key?: string) => call(endpoints.walletTransferAll, { body: { to }, key }),
    withdraw: (amount: number, key?: string) => call(endpoints.walletWithdraw, { body: { amount }, key }),
    withdrawAll: (amount: number, key?: string) => call(endpoints.walletWithdrawAll, { body: { amount }, key }),
    statement: (page = 1, limit = 10) => call(endpoints.statementList, { body: { page, limit } }),
  };
}

export async function balances(app: FastifyInstance, memberId: number) {
  const rows = await app.ctx.db.selectFrom('ledger_account').select(['kind', 'code', 'balance']).where('member_id', '=', memberId).execute();
  return Object.fromEntries(rows.map((r) => [r.kind === 'wallet' ? 'wallet' : r.code, Number(r.balance) / 100]));
}
