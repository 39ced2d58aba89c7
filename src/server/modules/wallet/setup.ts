import type { FastifyInstance } from 'fastify';
import { sandboxSecret } from '../../sandbox/secrets';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { HOUSE } from '../../ledger/accounts';
import type { GameProvider } from '../../providers/games/adapter';
import { PROVIDER_CODES, providerInfo } from '../../providers/games/catalogue';
import { DemoGameProvider } from '../../providers/games/demo-adapter';
import { HttpGameProvider } from '../../providers/games/http-adapter';
import { DemoSlotGame } from '../../sandbox/demo-provider/demo-game';
import { DemoProviderEngine } from '../../sandbox/demo-provider/engine';
import { registerDemoGameRoutes } from '../../sandbox/demo-provider/game-routes';
import { registerDemoProviderHttp } from '../../sandbox/demo-provider/http';
import { ManualPayout } from '../../providers/payout/manual';
import { SandboxPayout } from '../../sandbox/payout';
import { registerAutoLoginRoutes } from './autologin-routes';
import { createMoneyContext } from './money-context';
import { registerWalletRoutes } from './routes';
import { Wallet } from './wallet';
import type { BankNames } from './wallet-view';
import { runInBackground } from '../../background';

/**
 * Chooses the game providers and the payout adapter by configuration (sandbox: the demo
 * engine and the sandbox bank), composes the wallet, mounts its routes and runs the
 * reconciler at start and then periodically.
 */
export function setupWallet(app: FastifyInstance, ctx: AppContext, bankNames: BankNames) {
  const { config } = ctx;
  const publicUrl = () => config.PUBLIC_URL ?? `http://localhost:${listeningPort(app) ?? config.PORT}`;
  const demoSecret = config.SANDBOX_PROVIDER_SECRET ?? sandboxSecret(config, 'provider');
  const demo = config.sandbox ? new DemoProviderEngine(ctx.db, { launchSecret: demoSecret, clock: ctx.clock }) : undefined;
  const overHttp = config.SANDBOX_PROVIDERS_OVER_HTTP === '1';
  const providers = new Map<string, GameProvider>(
    PROVIDER_CODES.map((code) => [code, !demo ? liveProvider(config, code)
      // The same protocol real providers speak, served by this process (tests the HTTP adapter).
      : overHttp ? new HttpGameProvider(code, () => `${publicUrl()}/sandbox/provider`, demoSecret, config.PROVIDER_TIMEOUT_MS)
      : new DemoGameProvider(code, demo, publicUrl)]),
  );
  const money = createMoneyContext({
    db: ctx.db,
    provider: (code) => providers.get(code),
    payout: config.payout === 'sandbox' ? new SandboxPayout(ctx.db) : new ManualPayout(),
    publish: (memberId, event, payload) => ctx.realtime.toMember(memberId, event, payload),
    providerTimeoutMs: config.PROVIDER_TIMEOUT_MS,
    duplicateWaitMs: Math.min(10_000, config.PROVIDER_TIMEOUT_MS * 2),
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

  if (demo) {
    const launcher = new Map(PROVIDER_CODES.map((code) => [code, new DemoGameProvider(code, demo, publicUrl)]));
    registerDemoProviderHttp(app, demo, demoSecret, (code) => launcher.get(code)!);
    registerDemoGameRoutes(app, ctx, new DemoSlotGame(demo, (code) => providerInfo(code)?.name ?? code));
  }

  runInBackground(app, { name: 'reconciler', everyMs: config.RECONCILE_INTERVAL_MS, work: () => wallet.reconciler.run() });
  return { wallet, demo };
}

function liveProvider(config: Config, code: string): GameProvider {
  return new HttpGameProvider(code, config.GAME_PROVIDER_URL!, config.GAME_PROVIDER_SECRET!, config.PROVIDER_TIMEOUT_MS);
}

function listeningPort(app: FastifyInstance): number | undefined {
  const address = app.server.address();
  return address && typeof address === 'object' ? address.port : undefined;
}
