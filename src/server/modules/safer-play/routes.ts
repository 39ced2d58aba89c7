import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract';
import type { AppContext } from '../../context';
import { contractRoute } from '../../http/contract-route';
import type { SaferPlay } from './safer-play';

/** The member's safer-play endpoints: each answers the whole status (or the reality check) after its change. */
export function registerSaferPlayRoutes(app: FastifyInstance, ctx: AppContext, saferPlay: SaferPlay) {
  const g = ctx.guards;
  const { limits, pauses, realityChecks } = saferPlay.deps;
  contractRoute(app, g, endpoints.saferPlay, async ({ member }) => saferPlay.status(member.memberId));
  contractRoute(app, g, endpoints.saferPlayLimitSet, async ({ member, params, body }) => {
    await limits.setByMember(member.memberId, params.kind, params.period, await saferPlay.storedValue(member.memberId, params.kind, params.period, body.value));
    return saferPlay.status(member.memberId);
  });
  contractRoute(app, g, endpoints.saferPlayLimitRemove, async ({ member, params }) => {
    await limits.askRemoval(member.memberId, params.kind, params.period);
    return saferPlay.status(member.memberId);
  });
  contractRoute(app, g, endpoints.saferPlayLimitConfirm, async ({ member, params }) => {
    await limits.confirm(member.memberId, params.kind, params.period);
    return saferPlay.status(member.memberId);
  });
  contractRoute(app, g, endpoints.saferPlayLimitCancel, async ({ member, params }) => {
    await limits.cancel(member.memberId, params.kind, params.period);
    return saferPlay.status(member.memberId);
  });
  contractRoute(app, g, endpoints.saferPlayBreak, async ({ member, body }) => {
    await pauses.takeBreak(member.memberId, body.length);
    return saferPlay.status(member.memberId);
  });
  contractRoute(app, g, endpoints.saferPlayExclusionAsk, async ({ member, body }) => pauses.askExclusion(member.memberId, body.length));
  contractRoute(app, g, endpoints.saferPlayExclusion, async ({ member, body }) => {
    await pauses.exclude(member.memberId, body.length, body.confirmToken);
    return saferPlay.status(member.memberId);
  });
  contractRoute(app, g, endpoints.saferPlayRealityCheck, async ({ member }) => realityChecks.view(member));
  contractRoute(app, g, endpoints.saferPlayRealityCheckAck, async ({ member }) => realityChecks.acknowledge(member));
  contractRoute(app, g, endpoints.saferPlayRealityCheckInterval, async ({ member, body }) => realityChecks.setInterval(member, body.intervalMinutes));
}
