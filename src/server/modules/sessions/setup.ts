import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { deviceIdOf } from './devices';
import { registerSessionRoutes } from './routes';

/**
 * The logout route. The Sessions themselves are made with the app's context (`ctx.sessions`),
 * since every member route's guard authenticates through them.
 */
export function setupSessions(app: FastifyInstance, ctx: AppContext) {
  registerSessionRoutes(app, ctx);
  // A signed-in member's calls that change something (money calls among them) say which device
  // the member is on; reads do not, so a page of GETs costs no write. Before the answer is sent,
  // so that what the member did next already sees it; a failure here never fails the call.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.member && request.method !== 'GET') {
      const deviceId = deviceIdOf(request);
      if (deviceId) await ctx.sessions.devices.seen(request.member.memberId, deviceId, request.ip).catch((error) => request.log.warn({ err: error }, 'member device not recorded'));
    }
    return payload;
  });
}
