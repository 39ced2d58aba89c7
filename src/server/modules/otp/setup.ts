import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerOtpRoutes } from './routes';

/**
 * The OTP routes. The Otp itself is made with the app's context (`ctx.otp`, over the SMS adapter
 * the app chose), since registration checks its verifications too.
 */
export function setupOtp(app: FastifyInstance, ctx: AppContext) {
  registerOtpRoutes(app, ctx);
}
