import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { HOUSE } from '../../ledger/accounts';
import { PROVIDER_CODES } from '../../providers/games/catalogue';
import { registerAutoLoginRoutes } from './autologin-routes';
import { createMoneyContext } from './money-context';
import { registerWalletRoutes } from './routes';
import { Wallet } from './wallet';
import type { BankNames } from './wallet-view';
import { runInBackground } from '../../background';

/**
 * Composes the wallet over the game providers and the payout adapter the app chose
 * (`ctx.adapters`), mounts its routes and runs the reconciler at start and then periodically.
 */
export function setupWallet(app: FastifyInstance, ctx: AppContext, bankNames: BankNames) {
  const { config, adapters } = ctx;
  const money = createMoneyContext({
    db: ctx.db,
    provider: adapters.gameProvider,
    payout: adapters.payout,
    publish: (memberId, event, payload) => ctx.realtime.toMember(memberId, event, payload),
    providerTimeoutMs: config.PROVIDER_TIMEOUT_MS,
    duplicateWaitMs: Math.min(10_000, config.PROVIDER_TIMEOUT_MS * 2),
    notices: ctx.notices,
  });
  const wallet = new Wallet(money, ctx.settings, bankNames, config.RECONCILE_GRACE_MS);
  app.addHook('onReady', async () => {
    const houseCodes = [
      HOUSE.withdrawalsInFlight, HOUSE.bankPayouts, HOUSE.bonusExpense,
      ...PROVIDER_CODES.flatMap((code) => [HOUSE.transfersInFlight(code), HOUSE.gameFloat(code)]),
    ];
    await money.accounts.prepareHouseAccounts(ctx.db, houseCodes, ['BAHT', 'LAK']);
  });
  registerWalletRoutes(app, ctx, wallet);
  registerAutoLoginRoutes(app, ctx, wallet.games);

  runInBackground(app, { name: 'reconciler', everyMs: config.RECONCILE_INTERVAL_MS, work: () => wallet.reconciler.run() });
  return wallet;
}
