import type { FastifyInstance } from 'fastify';
import type { Simulators } from '../../adapters';
import type { AppContext } from '../../context';
import type { DepositAccounts } from '../../modules/deposits/accounts';
import type { SpinWheel } from '../../modules/spin/spinwheel';
import type { Wallet } from '../../modules/wallet/wallet';
import { providerInfo } from '../../providers/games/catalogue';
import { DemoSlotGame } from '../simulators/demo-provider/demo-game';
import { registerDemoGameRoutes } from './demo-game';
import { registerDemoProviderHttp } from './demo-provider';
import { registerSandboxDepositRoutes } from './deposits';
import { registerSandboxSpinRoutes } from './spin';
import { registerSandboxSmsRoutes } from './sms';
import { registerSandboxPushRoutes } from './push';
import { registerSandboxWalletRoutes } from './wallet';
import { registerSandboxClockRoutes } from './clock';

/** The modules the sandbox's routes act on, handed over by the app once they are composed. */
export interface SandboxModules {
  wallet: Wallet;
  spinWheel: SpinWheel;
  depositAccounts: DepositAccounts;
}

/**
 * Every route of sandbox mode, mounted once by the app (and never in live mode): `/api/sandbox/*`
 * for testers and the client's sandbox pages, and `/sandbox/*` for the simulators' own pages and
 * protocols (the gateway's pay page, the demo provider's HTTP protocol).
 */
export function registerSandboxRoutes(app: FastifyInstance, ctx: AppContext, sim: Simulators, modules: SandboxModules) {
  registerSandboxSmsRoutes(app, ctx, sim.smsInbox);
  registerSandboxPushRoutes(app, ctx, sim.pushOutbox);
  registerSandboxClockRoutes(app, ctx);
  registerSandboxWalletRoutes(app, ctx, modules.wallet);
  registerSandboxSpinRoutes(app, ctx, modules.spinWheel);
  registerSandboxDepositRoutes(app, ctx, sim, modules.depositAccounts);
  registerDemoProviderHttp(app, sim.demo, sim.demoSecret, sim.demoLauncher);
  registerDemoGameRoutes(app, ctx, new DemoSlotGame(sim.demo, (code) => providerInfo(code)?.name ?? code));
}
