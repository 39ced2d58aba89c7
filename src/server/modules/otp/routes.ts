import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract';
import type { AppContext } from '../../context';
import { languageOf } from '../../content/request-language';
import { contractRoute } from '../../http/contract-route';
import { normalisePhone } from '../../phone';

export function registerOtpRoutes(app: FastifyInstance, ctx: AppContext) {
  contractRoute(
    app, ctx.guards, endpoints.otpSend,
    ({ body, request }) => ctx.otp.send(normalisePhone(ctx.config.COUNTRY, body.phoneNumber), request.ip, body.otpToken || undefined, languageOf(request)),
  );
  contractRoute(app, ctx.guards, endpoints.otpVerify, async ({ body, request }) => {
    await ctx.otp.verify(body.otpToken, body.otpCode, request.ip);
    return { message: 'OTP_CODE_VALID' as const };
  });
}
