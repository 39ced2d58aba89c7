import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract';
import type { AppContext } from '../../context';
import { contractRoute } from '../../http/contract-route';
import type { SpinWheel } from '../../modules/spin/spinwheel';

/** `POST /api/sandbox/spin/coins`: spin coins for the member, to try the wheel without a deposit. */
export function registerSandboxSpinRoutes(app: FastifyInstance, ctx: AppContext, wheel: SpinWheel) {
  contractRoute(app, ctx.guards, endpoints.sandboxSpinCoins, ({ member, body }) => wheel.sandboxGiveCoins(member.memberId, body.coins));
}
