import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract';
import type { AppContext } from '../../context';
import { contractRoute } from '../../http/contract-route';

export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext) {
  contractRoute(app, ctx.guards, endpoints.logout, async ({ member }) => {
    await ctx.sessions.revoke(member.sessionId);
    ctx.realtime.endMemberSockets({ sessionId: member.sessionId });
    return { message: 'OK' as const };
  });
}
