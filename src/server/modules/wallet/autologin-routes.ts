import type { FastifyInstance } from 'fastify';
import { PROVIDER_LAUNCH_CALLS } from '../../../contract';
import type { AppContext } from '../../context';
import { callerLanguage } from '../../content/request-language';
import { refuse } from '../../errors';
import { contractRoute } from '../../http/contract-route';
import type { GameAccounts } from './game-accounts';

/**
 * `GET /api/autoLogin/<provider>/...`: the login handler of each of the sixteen providers of SPEC
 * section 2 (section 7's eleven calls and the product's five of the same shape). Each answers the
 * web launch link of the caller's own game account, or, for a provider that logs players in by
 * form post, the hidden form to post instead (already checked against GAME_FORM_ORIGINS).
 */
export function registerAutoLoginRoutes(app: FastifyInstance, ctx: AppContext, games: GameAccounts) {
  for (const [code, { endpoint }] of Object.entries(PROVIDER_LAUNCH_CALLS)) {
    contractRoute(app, ctx.guards, endpoint, async (c) => {
      const login = c.params as { username: string; password?: string };
      const launch = await games.launchAs(c.member!.memberId, code, { username: login.username, password: login.password }, callerLanguage(c));
      if (launch.form) return { form: launch.form };
      return launch.web ? { link: launch.web } : refuse('GAME_LAUNCH_FAIL', 'the provider gave no web link');
    });
  }
}
