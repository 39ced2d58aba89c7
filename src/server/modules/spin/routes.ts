import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract';
import type { AppContext } from '../../context';
import { refuse } from '../../errors';
import { contractRoute } from '../../http/contract-route';
import { requestLanguage } from '../../content/request-language';
import type { SpinWheel } from './spinwheel';
import { UUID } from '../../db/uuid';

/** The spin wheel's five member routes (SPEC section 7). */
export function registerSpinRoutes(app: FastifyInstance, ctx: AppContext, wheel: SpinWheel) {
  const g = ctx.guards;
  const language = (request: Parameters<typeof requestLanguage>[0]) => requestLanguage(request, ctx.config.COUNTRY);

  contractRoute(app, g, endpoints.spinActive, async () => ({ active: await wheel.isActive() }));
  contractRoute(app, g, endpoints.spinSetup, ({ member, request }) => wheel.setup(member.memberId, language(request)));
  contractRoute(app, g, endpoints.spin, ({ member, request }) => wheel.spin(member.memberId, language(request)));
  contractRoute(app, g, endpoints.spinCoupons, ({ member, request }) => wheel.coupons(member.memberId, language(request)));
  contractRoute(app, g, endpoints.spinClaimCoupon, ({ member, body }) => {
    // Coupon ids are uuids; anything else names no coupon.
    if (!UUID.test(body.coupon)) refuse('INVALID_CODE');
    return wheel.claim(member.memberId, body.coupon);
  });
}
