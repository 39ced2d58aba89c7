import type { FastifyInstance } from 'fastify';
import { endpoints, PLAY_STOPPED_EVENT, WITHDRAW_ONLY_ENDPOINTS, type Endpoint } from '../../../contract';
import type { AppContext } from '../../context';
import type { Money } from '../../ledger/envelope';
import type { BackOffice } from '../admin/setup';
import { PlayTime } from './activity';
import { registerSaferPlayAdminRoutes } from './admin-routes';
import { Limits } from './limits';
import { Pauses } from './pauses';
import { RealityChecks } from './reality-check';
import { Restrictions, type Restriction } from './restriction';
import { registerSaferPlayRoutes } from './routes';
import { SaferPlay } from './safer-play';
import { Usage } from './usage';

/** How long a page has to hear why its play stopped before its socket ends. */
const SOCKET_END_DELAY_MS = 1_000;

/** The routes withdraw-only mode still answers, as Fastify names them ("METHOD /path"). */
const WITHDRAW_ONLY_ROUTES = new Set(WITHDRAW_ONLY_ENDPOINTS.map((name) => {
  const e = endpoints[name] as Endpoint;
  return `${e.method} ${e.path}`;
}));

/**
 * Safer play (issue 31): composes the limits, pauses, play time and reality checks, registers its
 * rules with the money envelope's hooks (deposits, transfers into games, gifts) and the member
 * gates (withdraw-only mode, counting signed-in time), and mounts its member and operator routes.
 * No money module imports it.
 */
export function setupSaferPlay(app: FastifyInstance, ctx: AppContext, money: Money, office: BackOffice): SaferPlay {
  const { db, clock } = ctx;
  const usage = new Usage(clock);
  // A pause or a used-up session limit ends every session now, on every node: the database first
  // (each node's cache forgets within SESSION_CACHE_MS), then the sockets through the adapter.
  // Each open page hears why first (PLAY_STOPPED_EVENT), and its socket ends a moment later so
  // the event is not overtaken by the close; the sessions themselves end at once.
  const stopSessions = async (memberId: number, why: Restriction) => {
    ctx.realtime.toMember(memberId, PLAY_STOPPED_EVENT, { reason: why.reason, until: why.until?.toISOString() ?? null });
    await ctx.sessions.revokeAll(memberId);
    setTimeout(() => ctx.realtime.endMemberSockets({ memberId }), SOCKET_END_DELAY_MS).unref();
  };
  const pauses = new Pauses({ db, clock, money, stopSessions });
  const restrictions = new Restrictions({ clock, pauses, usage });
  const limits = new Limits({ db, clock, settings: ctx.settings, usage });
  const playTime = new PlayTime({ db, clock, restrictions, stopSessions });
  const realityChecks = new RealityChecks({ db, clock, usage, playTime });
  const saferPlay = new SaferPlay({ db, clock, country: ctx.config.COUNTRY, limits, pauses, restrictions, realityChecks });

  money.hooks.onDepositGate(async (trx, memberId, deposit) => {
    await restrictions.refuseIfPaused(trx, memberId);
    await saferPlay.refusePastLimit(trx, memberId, 'deposit', deposit.amount);
  });
  money.hooks.onTransferInGate(async (trx, memberId, amount) => {
    await restrictions.refuseIfAny(trx, memberId);
    // Money from the wallet under a loss limit: checked again in the member's turn (hooks.ts).
    return (await saferPlay.refusePastLimit(trx, memberId, 'loss', amount)) && amount > 0n;
  });
  money.hooks.onGiftGate((trx, memberId) => restrictions.refuseIfPaused(trx, memberId));
  money.hooks.onPausesIn((trx, query) => pauses.overlapping(trx, query));

  ctx.memberGates.onSeen((member) => playTime.seen(member));
  ctx.memberGates.onLogin(async (memberId) => {
    const restriction = await restrictions.of(db, memberId);
    return restriction ? { restriction: { reason: restriction.reason, until: restriction.until?.toISOString() ?? null } } : {};
  });
  ctx.memberGates.onRequest(async (member, request) => {
    if (WITHDRAW_ONLY_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) return;
    await restrictions.refuseIfAny(db, member.memberId);
  });

  registerSaferPlayRoutes(app, ctx, saferPlay);
  registerSaferPlayAdminRoutes(app, ctx, saferPlay, office);
  return saferPlay;
}
