import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '../../../contract';
import type { AppContext } from '../../context';
import { contractRoute } from '../../http/contract-route';
import { requestLanguage } from '../../content/request-language';
import type { Bonuses } from './bonuses';
import type { Invites } from './invites';
import type { Refunds } from './refunds';
import type { TurnoverSync } from './turnover';

export interface PromotionServices {
  bonuses: Bonuses;
  turnover: TurnoverSync;
  invites: Invites;
  refunds: Refunds;
}

export function registerPromotionRoutes(app: FastifyInstance, ctx: AppContext, s: PromotionServices) {
  const g = ctx.guards;
  // The content module's reading of Accept-Language: the client sends Lao as 'lo' (BCP 47).
  const language = (request: FastifyRequest) => requestLanguage(request, ctx.config.COUNTRY);

  contractRoute(app, g, endpoints.bonusList, async ({ member, request }) => {
    await s.turnover.sync(member.memberId).catch(() => undefined);
    return s.bonuses.list(member.memberId, language(request));
  });
  contractRoute(app, g, endpoints.bonusActivate, ({ member, params }) => s.bonuses.activate(member.memberId, params.code, 'bonus'));
  contractRoute(app, g, endpoints.bonusCheckActive, ({ member }) => s.bonuses.checkActive(member.memberId));
  contractRoute(app, g, endpoints.bonusCheckMinimum, ({ member }) => s.bonuses.checkMinimum(member.memberId));
  // The turnover is read first: whether any was played decides who keeps what is left.
  contractRoute(app, g, endpoints.bonusClear, async ({ member }) => {
    await s.turnover.sync(member.memberId).catch(() => undefined);
    return s.bonuses.clear(member.memberId);
  });
  contractRoute(app, g, endpoints.bonusCurrent, async ({ member, request }) => {
    await s.turnover.sync(member.memberId).catch(() => undefined);
    return s.bonuses.current(member.memberId, language(request));
  });

  contractRoute(app, g, endpoints.promotionFind, ({ member, params, request }) => s.bonuses.findPromotion(member.memberId, params.code, language(request)));
  contractRoute(app, g, endpoints.promotionActivate, async ({ member, params }) => {
    await s.bonuses.activate(member.memberId, params.code, 'promotion');
    return { message: 'OK' as const };
  });
  contractRoute(app, g, endpoints.promotionCurrent, ({ member, request }) => s.bonuses.currentPromotion(member.memberId, language(request)));

  contractRoute(app, g, endpoints.inviteList, ({ member, body }) => s.invites.page(member.memberId, body.page, body.limit));
  contractRoute(app, g, endpoints.inviteBonus, ({ member }) => s.invites.claim(member.memberId));
  contractRoute(app, g, endpoints.inviteBanners, ({ member, request }) => s.invites.banners(member.memberId, language(request)));

  contractRoute(app, g, endpoints.refundList, ({ member, body }) => s.refunds.page(member.memberId, body.page, body.limit));
  contractRoute(app, g, endpoints.refundCheck, ({ member, request }) => s.refunds.check(member.memberId, language(request)));
  contractRoute(app, g, endpoints.refundReceive, ({ member }) => s.refunds.receive(member.memberId));
  contractRoute(app, g, endpoints.refundAddWallet, ({ member }) => s.refunds.addWallet(member.memberId));
  contractRoute(app, g, endpoints.refundBanners, ({ request }) => s.refunds.banners(language(request)));
}
