import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract';
import type { AppContext } from '../../context';
import { refuse } from '../../errors';
import { localLanguage } from '../../content/content-languages';
import { callerLanguage, pickText } from '../../content/request-language';
import { contractRoute } from '../../http/contract-route';
import type { MemberFacts } from './member-facts';

export function registerLookups(app: FastifyInstance, ctx: AppContext, members: MemberFacts) {
  const { lookups } = ctx;
  contractRoute(app, ctx.guards, endpoints.lookupActive, async () => {
    if (!(await ctx.settings.isServiceActive(ctx.clock.now()))) refuse('gone');
    return { message: 'OK' as const };
  });
  // The closure members see ahead of it (a banner) and on /terminated: times and the message in their language, never the reason.
  contractRoute(app, ctx.guards, endpoints.lookupMaintenance, async (c) => {
    const language = callerLanguage(c) ?? localLanguage(ctx.config.COUNTRY);
    const { phase, closeAt, reopenAt, message } = await ctx.settings.serviceViewAt(ctx.clock.now());
    if (phase === 'open') return { phase, closeAt: null, reopenAt: null, message: null };
    return { phase, closeAt, reopenAt, message: (message ? pickText(message, language).trim() : '') || null };
  });
  contractRoute(app, ctx.guards, endpoints.lookupBanks, async (c) => lookups.banks(callerLanguage(c)));
  contractRoute(app, ctx.guards, endpoints.lookupDeposit, async (c) => lookups.deposit(await members.of(c.member.memberId), callerLanguage(c)));
  contractRoute(app, ctx.guards, endpoints.lookupConditions, async (c) => lookups.conditions(callerLanguage(c)));
  contractRoute(app, ctx.guards, endpoints.lookupAgreements, async (c) => (await lookups.agreements(callerLanguage(c))).items);
  contractRoute(app, ctx.guards, endpoints.lookupInfo, () => lookups.info());
  contractRoute(app, ctx.guards, endpoints.lookupNotice, async (c) => lookups.notice(callerLanguage(c), c.query.code));
  contractRoute(app, ctx.guards, endpoints.lookupContact, async (c) => lookups.contact(callerLanguage(c)));
  const currencyOf = async (memberId: number) => (await members.of(memberId)).currency;
  contractRoute(app, ctx.guards, endpoints.lookupWithdraw, async (c) => lookups.withdraw(await currencyOf(c.member.memberId)));
  contractRoute(app, ctx.guards, endpoints.lookupMoney, async (c) => lookups.moneyRules(await currencyOf(c.member.memberId)));
  contractRoute(app, ctx.guards, endpoints.lookupSlip, () => lookups.slip());
  contractRoute(app, ctx.guards, endpoints.lookupSources, async (c) => lookups.sources(callerLanguage(c)));
  contractRoute(app, ctx.guards, endpoints.lookupRegisterOTP, async () => ({ registerOTP: await lookups.registerOTP() }));
  contractRoute(app, ctx.guards, endpoints.lookupHowto, async (c) => lookups.howto(callerLanguage(c)));
  contractRoute(app, ctx.guards, endpoints.lookupEnableChatWidget, async () => ({ enableChatWidget: await lookups.enableChatWidget() }));
}
