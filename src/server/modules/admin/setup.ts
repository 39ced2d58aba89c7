import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Permission } from '../../../contract';
import type { AppContext } from '../../context';
import type { Wallet } from '../wallet/wallet';
import type { DepositModule } from '../deposits/setup';
import { Adjustments, MANUAL_ADJUSTMENTS } from './adjustments';
import { ArrivalQueue } from './arrival-queue';
import { AuditLog } from './audit';
import { operatorRouteGuard, requireOperator, type OperatorAuthenticator } from './guard';
import { MemberDesk } from './members';
import { MemberOverview } from './member360/overview';
import { MemberTagsNotes } from './member360/tags-notes';
import { Operators } from './operators';
import { ServiceSwitch } from './service-switch';
import { SignInFailures } from './sign-in-failures';
import { registerAdminRoutes } from './routes';
import { SlipQueue } from './slip-queue';
import { WithdrawalQueue } from './withdrawal-queue';

export interface BackOffice {
  operators: Operators;
  signInFailures: SignInFailures;
  audit: AuditLog;
  withdrawals: WithdrawalQueue;
  slips: SlipQueue;
  arrivals: ArrivalQueue;
  adjustments: Adjustments;
  members: MemberDesk;
  /** Member 360 and the risk signals (member360/, risk/). */
  member360: MemberOverview;
  memberNotes: MemberTagsNotes;
  service: ServiceSwitch;
  authenticate: OperatorAuthenticator;
}

declare module 'fastify' {
  interface FastifyInstance {
    backOffice: BackOffice;
  }
}

/** The sandbox's first operator. */
export const SEED_ADMIN = 'admin';
/** The sandbox's second operator, made outside the console too: the admin's proposals can be approved by it. */
export const SEED_CHECKER = 'checker';

/**
 * The back office: operators and their guard (installed into the route guards before any
 * operator route, including other modules' such as the support chat), the money queues, the
 * member desk and `/api/admin/*`. In sandbox mode the first start seeds an admin and a checker
 * and prints their passwords; live mode seeds nobody (`npm run admin:create` makes the first admin).
 */
export function setupAdmin(app: FastifyInstance, ctx: AppContext, wallet: Wallet, deposits: DepositModule): BackOffice {
  const audit = new AuditLog(ctx.db);
  const operators = new Operators({ db: ctx.db, clock: ctx.clock, throttle: ctx.throttle, audit, passwords: ctx.passwords });
  const authenticate: OperatorAuthenticator = (token) => operators.authenticate(token);
  ctx.guards.operator = operatorRouteGuard(authenticate);
  ctx.guards.requireOperator = (permission?: Permission) => requireOperator(authenticate, permission);

  const money = wallet.money;
  const memberNotes = new MemberTagsNotes({ db: ctx.db, audit });
  const member360 = new MemberOverview({ db: ctx.db, notes: memberNotes });
  const office: BackOffice = {
    operators,
    signInFailures: new SignInFailures(ctx.db),
    audit,
    authenticate,
    withdrawals: new WithdrawalQueue({
      db: ctx.db, withdrawals: wallet.withdrawals, audit, operators, clock: ctx.clock, manualPayout: ctx.config.payout === 'manual',
      signals: (items) => member360.withdrawalSignalCodes(items),
    }),
    slips: new SlipQueue({ db: ctx.db, money, audit }),
    arrivals: new ArrivalQueue({ db: ctx.db, money, audit, notices: deposits.notices }),
    adjustments: new Adjustments({ db: ctx.db, money, audit }),
    members: new MemberDesk({ db: ctx.db, money, sessions: ctx.sessions, audit, passwords: ctx.passwords }),
    member360,
    memberNotes,
    service: new ServiceSwitch({ db: ctx.db, settings: ctx.settings, clock: ctx.clock, audit }),
  };
  registerAdminRoutes(app, ctx, office);
  app.decorate('backOffice', office);

  app.addHook('onReady', async () => {
    await money.accounts.prepareHouseAccounts(ctx.db, [MANUAL_ADJUSTMENTS], ['BAHT', 'LAK']);
    // Two operators made outside the console, so that maker-checker can be tried in the sandbox:
    // an approval takes an operator of another tree than the proposer's (four-eyes.ts).
    if (ctx.config.sandbox && (await operators.count()) === 0) {
      const seeds = [
        { username: SEED_ADMIN, name: 'Sandbox admin', role: 'admin' as const, password: ctx.config.ADMIN_SEED_PASSWORD },
        { username: SEED_CHECKER, name: 'Sandbox checker', role: 'finance' as const, password: undefined },
      ];
      for (const seed of seeds) {
        const password = seed.password ?? randomBytes(12).toString('base64url');
        const created = await operators.create({ username: seed.username, name: seed.name, role: seed.role, password }, null, { checkStrength: false })
          .then(() => true, async (error) => {
            // Another node seeded it at the same moment.
            if ((await operators.count()) === 0) throw error;
            return false;
          });
        // Sandbox only, for whoever tries the console: under its own key, which the logs' redaction of passwords (http/logging.ts) leaves.
        if (created) app.log.warn({ operator: seed.username, sandboxPassword: password }, `back office: operator '${seed.username}' (${seed.role}) created with password ${password} (sign in at /admin)`);
      }
    }
  });
  return office;
}
