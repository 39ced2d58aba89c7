import type { FastifyInstance } from 'fastify';
import { endpoints, toMinor } from '../../../contract';
import type { AppContext } from '../../context';
import { contractRoute } from '../../http/contract-route';
import { sendStoredAnswer } from '../../http/stored-answer';
import type { Wallet } from '../../modules/wallet/wallet';

/** `POST /api/sandbox/wallet/fund`: play money into the member's wallet as a bank deposit would, once per idempotency key. */
export function registerSandboxWalletRoutes(app: FastifyInstance, ctx: AppContext, wallet: Wallet) {
  contractRoute(app, ctx.guards, endpoints.sandboxWalletFund, async ({ member, body, idempotencyKey, reply }) =>
    sendStoredAnswer(reply, await wallet.sandboxFund(member.memberId, idempotencyKey, toMinor(body.amount))));
}
