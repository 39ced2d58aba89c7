import type { FastifyInstance } from 'fastify';
import { endpoints, toMinor } from '../../../contract';
import type { AppContext } from '../../context';
import { contractRoute } from '../../http/contract-route';
import { callerLanguage, requestLanguage } from '../../content/request-language';
import type { Wallet } from './wallet';
import { sendStoredAnswer } from '../../http/stored-answer';
import { withReadTimes } from './transfers';

export function registerWalletRoutes(app: FastifyInstance, ctx: AppContext, wallet: Wallet) {
  const g = ctx.guards;
  contractRoute(app, g, endpoints.wallet, (c) => wallet.view.home(c.member.memberId, callerLanguage(c)));
  contractRoute(app, g, endpoints.walletRefreshSlot, (c) => wallet.view.refresh(c.member.memberId, callerLanguage(c)));
  contractRoute(app, g, endpoints.walletActivate, (c) => wallet.games.activate(c.member.memberId, c.params.slotCode, callerLanguage(c)));
  contractRoute(app, g, endpoints.walletAccount, ({ member, params }) => wallet.games.credentials(member.memberId, params.slotCode));
  contractRoute(app, g, endpoints.walletResetPassword, async ({ member, params }) => {
    await wallet.games.resetPassword(member.memberId, params.slotCode);
    return { message: 'OK' as const };
  });

  contractRoute(app, g, endpoints.walletTransfer, async ({ member, body, idempotencyKey, reply }) =>
    sendStoredAnswer(reply, withReadTimes(await wallet.transfers.transfer({ memberId: member.memberId, key: idempotencyKey, from: body.from, to: body.to, amount: toMinor(body.amount) }))));
  contractRoute(app, g, endpoints.walletTransferAll, async ({ member, body, idempotencyKey, reply }) =>
    sendStoredAnswer(reply, withReadTimes(await wallet.transfers.transferAll({ memberId: member.memberId, key: idempotencyKey, to: body.to }))));
  contractRoute(app, g, endpoints.walletWithdraw, async ({ member, body, idempotencyKey, reply }) =>
    sendStoredAnswer(reply, await wallet.withdrawals.withdraw({ memberId: member.memberId, key: idempotencyKey, amount: toMinor(body.amount) })));
  contractRoute(app, g, endpoints.walletWithdrawAll, async ({ member, body, idempotencyKey, reply }) =>
    sendStoredAnswer(reply, await wallet.withdrawals.withdraw({ memberId: member.memberId, key: idempotencyKey, amount: toMinor(body.amount), all: true })));

  contractRoute(app, g, endpoints.statementList, ({ member, body, request }) =>
    wallet.statement(member.memberId, body, requestLanguage(request, ctx.config.COUNTRY)));
}
