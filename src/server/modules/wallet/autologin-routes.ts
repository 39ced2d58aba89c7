import type { FastifyInstance } from 'fastify';
import { endpoints, type Endpoint } from '../../../contract';
import type { AppContext } from '../../context';
import { callerLanguage } from '../../content/request-language';
import { contractRoute } from '../../http/contract-route';
import type { GameAccounts } from './game-accounts';

/** SPEC section 7's auto-login calls and the provider each launches. */
const AUTO_LOGIN: readonly [Endpoint, string][] = [
  [endpoints.autoLoginPg, 'PG'],
  [endpoints.autoLoginBetflix, 'BETFLIX'],
  [endpoints.autoLoginAskmebet, 'ASKMEBET'],
  [endpoints.autoLoginImi, 'IMI'],
  [endpoints.autoLoginUsun, 'USUN'],
  [endpoints.autoLoginAreaslot, 'AREASLOT'],
  [endpoints.autoLoginCircus, 'CIRCUS'],
  [endpoints.autoLoginSlotracha, 'SLOTRACHA'],
  [endpoints.autoLoginPgslot, 'PGSLOT'],
  [endpoints.autoLoginJoker2, 'JOKER2'],
  [endpoints.autoLoginHuayhd, 'HUAYHD'],
];

/** `GET /api/autoLogin/<provider>/...`: the web launch link of the caller's own game account. */
export function registerAutoLoginRoutes(app: FastifyInstance, ctx: AppContext, games: GameAccounts) {
  for (const [endpoint, code] of AUTO_LOGIN) {
    contractRoute(app, ctx.guards, endpoint, async (c) => {
      const login = c.params as { username: string; password?: string };
      const links = await games.launchAs(c.member!.memberId, code, { username: login.username, password: login.password }, callerLanguage(c));
      return { link: links.web };
    });
  }
}
