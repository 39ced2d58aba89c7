import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract';
import type { AppContext } from '../../context';
import { contractRoute } from '../../http/contract-route';
import type { DemoSlotGame } from '../simulators/demo-provider/demo-game';

/** The demo slot game's API under /api/sandbox/game (sandbox mode only). */
export function registerDemoGameRoutes(app: FastifyInstance, ctx: AppContext, game: DemoSlotGame) {
  contractRoute(app, ctx.guards, endpoints.sandboxGameSession, ({ query }) => game.session(query.t));
  contractRoute(app, ctx.guards, endpoints.sandboxGameSpin, ({ body }) => game.spin(body.t, body.stake));
}
