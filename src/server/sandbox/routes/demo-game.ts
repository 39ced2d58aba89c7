import type { FastifyInstance } from 'fastify';
import { endpoints, LOCALES, MINUTE_MS } from '../../../contract';
import type { AppContext } from '../../context';
import { contractRoute } from '../../http/contract-route';
import type { DemoSlotGame } from '../simulators/demo-provider/demo-game';

const PROVIDER_CODE = /^[A-Za-z0-9_-]{1,50}$/;

/**
 * The demo slot game's API under /api/sandbox/game, and its login form at POST /sandbox/game/:code
 * (sandbox mode only).
 */
export function registerDemoGameRoutes(app: FastifyInstance, ctx: AppContext, game: DemoSlotGame) {
  contractRoute(app, ctx.guards, endpoints.sandboxGameSession, ({ query }) => game.session(query.t));
  contractRoute(app, ctx.guards, endpoints.sandboxGameSpin, ({ body }) => game.spin(body.t, body.stake));

  // A provider that launches by form (SPEC section 2's hidden form values) has the member's
  // browser post its launch token here, as a real provider's login page takes a posted login.
  // The token is checked as the game's session checks it; then the browser goes on to the game
  // page (303: a reload does not post again) with the token, as a link launch opens it. A bad,
  // expired or other provider's token goes to the game page without one: "Game link expired".
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.post('/sandbox/game/:code', {
      schema: { hide: true },
      config: { rateLimit: { max: 60, timeWindow: MINUTE_MS } },
    }, async (request, reply) => {
      const { code } = request.params as { code: string };
      if (!PROVIDER_CODE.test(code)) return reply.status(404).send({ message: 'NOT_FOUND' });
      // What a browser's form sends; anything else is not this page's login.
      if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return reply.status(415).send({ message: 'INVALID_INPUT' });
      const posted = (request.body ?? {}) as Record<string, unknown>;
      const token = typeof posted.t === 'string' ? posted.t : '';
      const lang = (LOCALES as readonly unknown[]).includes(posted.lang) ? `&lang=${posted.lang as string}` : '';
      const page = `/sandbox/game/${encodeURIComponent(code)}`;
      const opens = token !== '' && (await game.opens(code, token));
      reply.header('cache-control', 'no-store');
      return reply.redirect(opens ? `${page}?t=${encodeURIComponent(token)}${lang}` : `${page}${lang ? `?${lang.slice(1)}` : ''}`, 303);
    });
  });
}
