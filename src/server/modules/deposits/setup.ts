import type { FastifyInstance } from 'fastify';
import { QR_PROVIDERS, SANDBOX_TRUEWALLET_LINK_KEY, type QrProvider } from '../../../contract';
import type { AppContext } from '../../context';
import type { QrChannel } from '../../providers/gateways/adapter';
import { BankQrChannel } from '../../providers/gateways/bank-qr';
import type { MoneyContext } from '../wallet/money-context';
import { DepositAccounts } from './accounts';
import { BANK_CHANNEL, BankArrivals } from './bank-arrivals';
import { depositHouseAccounts } from './credit';
import { QrDeposits } from './qrcodes';
import { registerDepositRoutes } from './routes';
import { SlipReadPool } from './slip-read-pool';
import { Slips } from './slips';
import { TrueWalletDeposits } from './truewallet';
import { DepositNotices } from './notices';
import { TrueWalletTransfers } from './truewallet-transfers';
import { MoneyRules } from '../../settings/money-rules';
import { runInBackground } from '../../background';

const BANK_QR: readonly QrProvider[] = ['KBANK', 'BCEL'];

export interface DepositModule {
  /** The operator's receiving accounts (bank, QR, True Wallet), by country. */
  accounts: DepositAccounts;
  slips: Slips;
  qr: QrDeposits;
  truewallet: TrueWalletDeposits;
  arrivals: BankArrivals;
  /** Members' "I have transferred" notices, for the operators' queue. */
  notices: DepositNotices;
  walletTransfers: TrueWalletTransfers;
}

declare module 'fastify' {
  interface FastifyInstance {
    deposits: DepositModule;
  }
}

/**
 * Deposits by slip, QR code and True Wallet link, over the slip verifier, the payment gateway,
 * True Wallet and the bank feed the app chose (`ctx.adapters`). Mounts the routes, and re-checks
 * slips left in progress at start and then periodically.
 */
export function setupDeposits(app: FastifyInstance, ctx: AppContext, money: MoneyContext) {
  const { config, adapters } = ctx;
  const log = (msg: string, detail: Record<string, unknown>) => app.log.warn(detail, msg);
  const accounts = new DepositAccounts(ctx.settings, config.COUNTRY);
  const arrivals = new BankArrivals({ money, accounts });
  const bankQr = new BankQrChannel((order) => accounts.qrAccount(order.provider, order.currency), adapters.bankQrObserver);
  const channel = (provider: QrProvider): QrChannel => (BANK_QR.includes(provider) ? bankQr : adapters.gatewayChannel(provider));

  const reader = new SlipReadPool({ threads: config.SLIP_READ_THREADS, waiting: config.SLIP_READ_WAITING, budgetMs: config.SLIP_READ_BUDGET_MS });
  const slips = new Slips({ money, accounts, verifier: adapters.slipVerifier, reader, lookups: ctx.lookups, clock: ctx.clock });
  const qr = new QrDeposits({ money, accounts, channel, settings: ctx.settings, clock: ctx.clock, log });
  const truewallet = new TrueWalletDeposits({
    money, vouchers: adapters.trueWallet, clock: ctx.clock, log,
    linkKey: config.TRUEWALLET_LINK_KEY ?? SANDBOX_TRUEWALLET_LINK_KEY,
  });
  const notices = new DepositNotices({ money, rules: new MoneyRules(ctx.settings), clock: ctx.clock });
  // A bank transfer credited to a member, by whatever path, closes the member's notice of it in the credit's transaction.
  money.hooks.onDeposit((step, deposit) => notices.closeOnCredit(step.trx, deposit));
  const walletTransfers = new TrueWalletTransfers({ money, accounts });
  registerDepositRoutes(app, ctx, {
    slips, qr, truewallet, channel, webhookSecret: () => adapters.gatewaySecret, arrivals, bankFeed: adapters.bankFeed,
    notices, walletTransfers, trueWalletFeed: adapters.trueWalletFeed,
  });

  app.addHook('onReady', async () => {
    await money.accounts.prepareHouseAccounts(ctx.db, depositHouseAccounts(['slip', 'truewallet', BANK_CHANNEL, ...QR_PROVIDERS]), ['BAHT', 'LAK']);
  });

  runInBackground(app, {
    name: 'slip re-check', everyMs: config.RECONCILE_INTERVAL_MS,
    work: async () => {
      await slips.recheck(config.RECONCILE_GRACE_MS);
      await slips.removeFailedImages(config.SLIP_FAILED_IMAGE_DAYS * 24 * 3600_000);
    },
  });
  runInBackground(app, { name: 'deposit notice expiry', everyMs: config.RECONCILE_INTERVAL_MS, work: () => notices.expire() });
  app.addHook('onClose', async () => { await reader.close(); });
  const module: DepositModule = { accounts, slips, qr, truewallet, arrivals, notices, walletTransfers };
  app.decorate('deposits', module);
  return module;
}
