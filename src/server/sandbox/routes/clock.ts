import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract';
import type { AppContext } from '../../context';
import { contractRoute } from '../../http/contract-route';
import { MovableClock } from '../clock';

/** `GET /api/sandbox/clock` and `POST /api/sandbox/clock/advance`: the app's time, moved forward in the sandbox only. */
export function registerSandboxClockRoutes(app: FastifyInstance, ctx: AppContext) {
  const clock = ctx.clock;
  if (!(clock instanceof MovableClock)) return;
  const view = () => ({ now: clock.now().toISOString(), offsetMinutes: clock.offsetMinutes });
  contractRoute(app, ctx.guards, endpoints.sandboxClock, async () => view());
  contractRoute(app, ctx.guards, endpoints.sandboxClockAdvance, async ({ body }) => {
    clock.advance(body.minutes * 60_000);
    return view();
  });
}
