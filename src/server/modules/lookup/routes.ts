import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract';
import type { AppContext } from '../../context';
import { refuse } from '../../errors';
import { contractRoute } from '../../http/contract-route';

export function registerLookups(app: FastifyInstance, ctx: AppContext) {
  const { lookups } = ctx;
  contractRoute(app, ctx.guards, endpoints.lookupActive, async () => {
    if (!(await ctx.settings.isServiceActive())) refuse('gone');
    return { message: 'OK' as const };
  });
  contractRoute(app, ctx.guards, endpoints.lookupBanks, () => lookups.banks());
  contractRoute(app, ctx.guards, endpoints.lookupDeposit, async ({ member }) => {
    const row = await ctx.db.selectFrom('member').select(['bank_code', 'currency']).where('id', '=', member.memberId).executeTakeFirstOrThrow();
    return lookups.deposit({ bankCode: row.bank_code, currency: row.currency });
  });
  contractRoute(app, ctx.guards, endpoints.lookupConditions, () => lookups.conditions());
  contractRoute(app, ctx.guards, endpoints.lookupAgreements, async () => (await lookups.agreements()).items);
  contractRoute(app, ctx.guards, endpoints.lookupInfo, () => lookups.info());
  contractRoute(app, ctx.guards, endpoints.lookupNotice, () => lookups.notice());
  contractRoute(app, ctx.guards, endpoints.lookupContact, () => lookups.contact());
  contractRoute(app, ctx.guards, endpoints.lookupWithdraw, () => lookups.withdraw());
  contractRoute(app, ctx.guards, endpoints.lookupSlip, () => lookups.slip());
  contractRoute(app, ctx.guards, endpoints.lookupSources, () => lookups.sources());
  contractRoute(app, ctx.guards, endpoints.lookupRegisterOTP, async () => ({ registerOTP: await lookups.registerOTP() }));
  contractRoute(app, ctx.guards, endpoints.lookupEnableChatWidget, async () => ({ enableChatWidget: await lookups.enableChatWidget() }));
}
