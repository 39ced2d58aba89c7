import type { FastifyInstance } from 'fastify';
import { endpoints, ERROR_CODES, toMajor, toMinor, type ErrorCode } from '../../../contract';
import type { Simulators } from '../../adapters';
import type { AppContext } from '../../context';
import { refuse } from '../../errors';
import { contractRoute } from '../../http/contract-route';
import type { DepositAccounts } from '../../modules/deposits/accounts';

/** Grouped, so a kip amount reads at a glance (100,000.00 LAK). */
const AMOUNT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The deposit simulators' endpoints (sandbox mode only): the bank makes slips, the gateway's pay
 * page pays QR codes, True Wallet makes gift vouchers and sends transfers to our AUTO-mode wallet.
 */
export function registerSandboxDepositRoutes(app: FastifyInstance, ctx: AppContext, sim: Simulators, depositAccounts: DepositAccounts) {
  const g = ctx.guards;
  const country = ctx.config.COUNTRY;

  contractRoute(app, g, endpoints.sandboxSlip, async ({ body, reply }) => {
    const amount = toMinor(body.amount);
    if (amount <= 0n) refuse('INVALID_INPUT', 'a transfer needs an amount above 0');
    const accounts = (await depositAccounts.all()).filter((a) => a.bankAccountNo);
    const to = body.bankAccountNo
      ? accounts.find((a) => a.bankAccountNo === body.bankAccountNo)
      : accounts.find((a) => a.mode === 'AUTO') ?? accounts[0];
    const slip = await sim.bank.transfer({
      amount,
      currency: to?.currency ?? (country === 'LA' ? 'LAK' : 'BAHT'),
      sendingBank: body.sendingBank ?? (country === 'LA' ? 'BCEL' : 'SCB'),
      receivingBank: to?.bankCode ?? (country === 'LA' ? 'BCEL' : 'KBANK'),
      receivingAccount: body.bankAccountNo ?? to?.bankAccountNo ?? '0000000000',
      held: body.held,
    });
    return reply.type('image/png').header('x-slip-reference', slip.reference).send(slip.png);
  });

  // Someone transfers into one of our AUTO-mode accounts; the sandbox bank's feed tells our webhook.
  contractRoute(app, g, endpoints.sandboxBankArrival, async ({ body }) => {
    const auto = (await depositAccounts.all()).filter((a) => a.mode === 'AUTO' && a.bankAccountNo);
    const to = body.bankAccountNo ? auto.find((a) => a.bankAccountNo === body.bankAccountNo) : auto[0];
    if (!to) return refuse('DEST_ACC_INVALID', 'not an AUTO-mode receiving account');
    const sent = await sim.bankFeed.arrive({
      bankCode: to.bankCode, account: to.bankAccountNo, amount: toMinor(body.amount), currency: to.currency ?? (country === 'LA' ? 'LAK' : 'BAHT'),
      senderBank: body.senderBank, senderAccount: body.senderAccount, senderName: body.senderName,
    });
    const answer = JSON.parse(sent.body || '{}') as { message?: string; status?: 'credited' | 'unmatched' | 'dismissed' };
    if (sent.statusCode !== 200 || !answer.status) {
      return refuse(ERROR_CODES.includes(answer.message as ErrorCode) ? (answer.message as ErrorCode) : 'UNKNOW_ERROR', `webhook answered ${sent.statusCode}`);
    }
    const arrival = await ctx.db.selectFrom('bank_arrival').select('id').where('bank_code', '=', to.bankCode).where('reference', '=', sent.reference).executeTakeFirstOrThrow();
    return { arrivalId: arrival.id, reference: sent.reference, status: answer.status };
  });

  // Someone sends money from their True Wallet to our AUTO-mode wallet number; True Wallet tells our webhook.
  contractRoute(app, g, endpoints.sandboxTruewalletTransfer, async ({ body }) => {
    const wallets = await depositAccounts.autoWallets();
    const to = body.walletAccountNo ? wallets.find((w) => w.walletAccountNo === body.walletAccountNo) : wallets[0];
    if (!to) return refuse('DEST_ACC_INVALID', 'not an AUTO-mode True Wallet');
    const sent = await sim.trueWalletTransfers.send({ account: to.walletAccountNo, amount: toMinor(body.amount), senderPhone: body.senderPhone, senderName: body.senderName });
    const answer = JSON.parse(sent.body || '{}') as { message?: string; status?: 'credited' | 'unmatched' | 'dismissed' };
    if (sent.statusCode !== 200 || !answer.status) {
      return refuse(ERROR_CODES.includes(answer.message as ErrorCode) ? (answer.message as ErrorCode) : 'UNKNOW_ERROR', `webhook answered ${sent.statusCode}`);
    }
    const arrival = await ctx.db.selectFrom('bank_arrival').select('id').where('bank_code', '=', 'TRUEWALLET').where('reference', '=', sent.reference).executeTakeFirstOrThrow();
    return { arrivalId: arrival.id, reference: sent.reference, status: answer.status };
  });

  contractRoute(app, g, endpoints.sandboxQrcodePay, async ({ params }) => {
    await sim.gateway.pay(params.qrcodeId);
    return { message: 'OK' as const };
  });

  contractRoute(app, g, endpoints.sandboxTruewalletVoucher, async ({ body }) => {
    const amount = toMinor(body.amount);
    if (amount <= 0n) refuse('INVALID_INPUT', 'a voucher needs an amount above 0');
    return sim.trueWallet.create(amount, body.tickets ?? 1);
  });

  // The gateway's pay page: what a customer sees after scanning a code.
  app.get('/sandbox/pay/:qrcodeId', { schema: { hide: true } }, async (request, reply) => {
    const { qrcodeId } = request.params as { qrcodeId: string };
    const order = await sim.gateway.order(qrcodeId);
    const expired = order ? order.expires_at.getTime() <= ctx.clock.now().getTime() : false;
    const state = !order ? 'No such order' : order.status === 'paid' ? 'Paid' : order.status === 'cancelled' ? 'Closed' : expired ? 'Expired' : 'Waiting for payment';
    const payable = order?.status === 'open' && !expired;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return payPage({
      id: qrcodeId,
      provider: order?.provider ?? '-',
      amount: order ? `${AMOUNT.format(toMajor(order.amount))} ${order.currency === 'BAHT' ? 'THB' : order.currency}` : '-',
      expires: order ? order.expires_at.toISOString().replace('T', ' ').slice(0, 19) + ' UTC' : '-',
      state,
      payable,
    });
  });
  app.get('/sandbox/pay.js', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/javascript; charset=utf-8');
    return PAY_SCRIPT;
  });
}

function payPage(p: { id: string; provider: string; amount: string; expires: string; state: string; payable: boolean }) {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment</title>
<style>
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #eef2f0; color: #1d2521; display: grid; place-items: center; min-height: 100vh; }
  main { background: #fff; border-radius: 16px; padding: 28px 32px; width: min(380px, 90vw); box-shadow: 0 8px 30px rgba(0,0,0,.08); }
  .badge { display: inline-block; background: #ffe8a3; color: #6b4e00; border-radius: 999px; padding: 2px 12px; font-size: 13px; font-weight: 600; }
  h1 { font-size: 20px; margin: 12px 0 16px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; margin: 0 0 20px; }
  dt { color: #5d6b64; } dd { margin: 0; font-weight: 600; text-align: right; }
  button { width: 100%; border: 0; border-radius: 10px; padding: 14px; font-size: 17px; font-weight: 700; background: #146e50; color: #fff; cursor: pointer; }
  button:disabled { background: #b9c4be; cursor: not-allowed; }
  #result { min-height: 1.5em; margin-top: 14px; text-align: center; font-weight: 600; }
</style></head>
<body><main data-order="${e(p.id)}">
  <span class="badge">SANDBOX — no real money</span>
  <h1>Pay with ${e(p.provider)}</h1>
  <dl>
    <dt>Amount</dt><dd>${e(p.amount)}</dd>
    <dt>Pay before</dt><dd>${e(p.expires)}</dd>
    <dt>Status</dt><dd id="state">${e(p.state)}</dd>
  </dl>
  <button id="pay" type="button"${p.payable ? '' : ' disabled'}>Pay ${e(p.amount)}</button>
  <p id="result" role="status"></p>
</main><script src="/sandbox/pay.js"></script></body></html>`;
}

const PAY_SCRIPT = `(() => {
  const main = document.querySelector('main');
  const button = document.getElementById('pay');
  const result = document.getElementById('result');
  button.addEventListener('click', async () => {
    button.disabled = true;
    result.textContent = 'Paying…';
    try {
      const res = await fetch('/api/sandbox/qrcode/' + encodeURIComponent(main.dataset.order) + '/pay', { method: 'POST' });
      const body = await res.json().catch(() => ({}));
      if (res.ok) {
        result.textContent = 'Paid. The wallet has been credited.';
        document.getElementById('state').textContent = 'Paid';
      } else {
        result.textContent = 'Not paid: ' + (body.message || res.status);
      }
    } catch (error) {
      result.textContent = 'Not paid: ' + error;
      button.disabled = false;
    }
  });
})();
`;
