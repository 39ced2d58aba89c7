import type { FastifyInstance } from 'fastify';
import { adminEndpoints } from '../../../contract';
import type { AppContext } from '../../context';
import { contractRoute } from '../../http/contract-route';
import type { BackOffice } from '../admin/setup';
import { actorOf } from '../admin/guard';
import { COOLING_OFF_KEY } from './limits';
import type { SaferPlay } from './safer-play';

const UPDATED_KEY = `${COOLING_OFF_KEY}.updatedAt`;

/** The operators' side: read a member's safer play, add or lower a limit (audited), the cooling-off setting (audited). */
export function registerSaferPlayAdminRoutes(app: FastifyInstance, ctx: AppContext, saferPlay: SaferPlay, office: BackOffice) {
  const g = ctx.guards;
  const e = adminEndpoints;
  const memberExists = async (id: number) => {
    await saferPlay.currencyOf(id);
  };
  contractRoute(app, g, e.adminMemberSaferPlay, async ({ params }) => {
    await memberExists(params.id);
    return saferPlay.operatorView(params.id);
  });
  contractRoute(app, g, e.adminMemberSaferPlayLimit, async ({ params, body, request }) => {
    const value = await saferPlay.storedValue(params.id, params.kind, params.period, body.value);
    await saferPlay.deps.limits.lowerByOperator(params.id, params.kind, params.period, value, (trx, before) => office.audit.record(actorOf(request), {
      action: 'saferplay.limit', targetType: 'member', targetId: params.id,
      before: before ? { kind: before.kind, period: before.period, value: before.value } : null,
      after: { kind: params.kind, period: params.period, value, note: body.note },
    }, trx));
    return saferPlay.operatorView(params.id);
  });
  const settings = async () => ({
    coolingOffHours: await saferPlay.deps.limits.coolingOffHours(),
    updatedAt: await ctx.settings.get<string | null>(UPDATED_KEY, null),
  });
  contractRoute(app, g, e.adminSaferPlaySettings, async () => settings());
  contractRoute(app, g, e.adminSaferPlaySettingsUpdate, async ({ body, request }) => {
    const before = await saferPlay.deps.limits.coolingOffHours();
    await ctx.db.transaction().execute(async (trx) => {
      await ctx.settings.write(trx, COOLING_OFF_KEY, body.coolingOffHours);
      await ctx.settings.write(trx, UPDATED_KEY, ctx.clock.now().toISOString());
      await office.audit.record(actorOf(request), {
        action: 'saferplay.settings', targetType: 'setting', targetId: COOLING_OFF_KEY,
        before: { coolingOffHours: before }, after: { coolingOffHours: body.coolingOffHours, note: body.note },
      }, trx);
    });
    return settings();
  });
}
