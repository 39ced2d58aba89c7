import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { clientHeaders } from './app';

/** Domain verbs for wallet tests: each call is one member action with its own idempotency key. */
export function walletClient(app: FastifyInstance, token: string) {
  const post = (url: string, payload: unknown, key: string = randomUUID()) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers: clientHeaders(token, { 'idempotency-key': key }) });
  const get = (url: string) => app.inject({ method: 'GET', url, headers: clientHeaders(token) });
  return {
    get,
    activate: (code: string) => get(`/api/wallet/activate/${code}`),
    home: () => get('/api/wallet'),
    refresh: () => get('/api/wallet/refresh/slot'),
    transfer: (from: string, to: string, amount: number, key?: string) => post('/api/wallet/transfer', { from, to, amount }, key),
    transferAll: (to: string, key?: string) => post('/api/wallet/transferAll', { to }, key),
    withdraw: (amount: number, key?: string) => post('/api/wallet/withdraw', { amount }, key),
    withdrawAll: (amount: number, key?: string) => post('/api/wallet/withdrawAll', { amount }, key),
    statement: (page = 1, limit = 10) => app.inject({ method: 'POST', url: '/api/statement', payload: { page, limit }, headers: clientHeaders(token) }),
  };
}

export async function balances(app: FastifyInstance, memberId: number) {
  const rows = await app.ctx.db.selectFrom('ledger_account').select(['kind', 'code', 'balance']).where('member_id', '=', memberId).execute();
  return Object.fromEntries(rows.map((r) => [r.kind === 'wallet' ? 'wallet' : r.code, Number(r.balance) / 100]));
}
