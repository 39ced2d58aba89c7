import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract';
import type { AppContext } from '../../context';
import { contractRoute } from '../../http/contract-route';
import { callerLanguage, languageOf } from '../../content/request-language';
import type { Agreements } from './agreements';
import type { Login } from './login';
import type { PasswordReset } from './password-reset';
import type { Profiles } from './profile';
import type { Registration } from './registration';
import { deviceIdOf } from '../sessions/devices';

const OK = { message: 'OK' as const };

export interface AccountServices {
  login: Login;
  registration: Registration;
  profiles: Profiles;
  agreements: Agreements;
  passwordReset: PasswordReset;
}

/**
 * Login, registration, profile, password and agreement. Besides the domain limits kept in the
 * database (login failures, OTP), each public call has a coarse per-address request limit (its
 * contract entry's `rateLimit`).
 */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext, { login, registration, profiles, agreements, passwordReset }: AccountServices) {
  contractRoute(
    app, ctx.guards, endpoints.login,
    async ({ body, request }) => {
      const token = await login.login(body, { ip: request.ip, userAgent: request.headers['user-agent'], deviceId: deviceIdOf(request) });
      // Safer play's withdraw-only mode, when in force, is told at once (login still works during it).
      const member = await ctx.sessions.authenticate(token);
      return { token, ...(member ? await ctx.memberGates.loginFacts(member.memberId) : {}) };
    },
  );
  contractRoute(app, ctx.guards, endpoints.accountValidate, async ({ body }) => {
    await registration.validate(body);
    return OK;
  });
  contractRoute(app, ctx.guards, endpoints.accountCreate, async ({ body, request }) => {
    const { memberId } = await registration.register(body);
    await ctx.sessions.devices.seen(memberId, deviceIdOf(request), request.ip);
    return OK;
  });

  contractRoute(app, ctx.guards, endpoints.accountProfile, (c) => profiles.get(c.member.memberId, callerLanguage(c)));
  contractRoute(app, ctx.guards, endpoints.accountProfileUpdate, (c) => profiles.update(c.member.memberId, c.body, callerLanguage(c)));
  contractRoute(app, ctx.guards, endpoints.accountBankAccountName, (c) => profiles.rewriteBankAccountName(c.member.memberId, c.body, callerLanguage(c)));
  contractRoute(app, ctx.guards, endpoints.accountChangePassword, async ({ member, body }) => {
    await profiles.changePassword(member, body);
    // The other sessions were ended with the old password: so are their open pages' sockets.
    ctx.realtime.endMemberSockets({ memberId: member.memberId, exceptSessionId: member.sessionId });
    return OK;
  });

  contractRoute(app, ctx.guards, endpoints.passwordForgot, ({ body, request }) =>
    passwordReset.request(body.phoneNumber, { ip: request.ip, language: languageOf(request) }),
  );
  contractRoute(app, ctx.guards, endpoints.passwordVerify, async ({ body, request }) => {
    await passwordReset.verify(body.otpToken, body.otpCode, request.ip);
    return { message: 'OTP_CODE_VALID' as const };
  });
  contractRoute(app, ctx.guards, endpoints.passwordReset, async ({ body }) => {
    const { memberId } = await passwordReset.reset(body.otpToken, body.newPassword);
    // Every session ended with the old password: so do their open pages' sockets.
    ctx.realtime.endMemberSockets({ memberId });
    return OK;
  });

  contractRoute(app, ctx.guards, endpoints.accountAgreement, ({ member }) => agreements.status(member.memberId));
  contractRoute(app, ctx.guards, endpoints.accountAgreementAccept, async ({ member, body }) => {
    await agreements.accept(member.memberId, body.version);
    return OK;
  });
}
