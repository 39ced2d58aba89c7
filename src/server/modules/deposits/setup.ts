import type { FastifyInstance } from 'fastify';
import { QR_PROVIDERS, SANDBOX_TRUEWALLET_LINK_KEY, type QrProvider } from '../../../contract';
import type { AppContext } from '../../context';
import type { QrChannel } from '../../providers/gateways/adapter';
import { BankQrChannel } from '../../providers/gateways/bank-qr';
import { HttpGatewayChannel } from '../../providers/gateways/http-gateway';
import type { SlipVerifier } from '../../providers/slips/adapter';
import { HttpSlipVerifier } from '../../providers/slips/http-verifier';
import type { TrueWalletVouchers } from '../../providers/truewallet/adapter';
import { HttpTrueWalletVouchers } from '../../providers/truewallet/http-vouchers';
import { HmacBankFeed } from '../../providers/bank-feed/adapter';
import { SandboxBank } from '../../sandbox/bank';
import { SandboxBankFeed } from '../../sandbox/bank-feed';
import { sandboxSecret } from '../../sandbox/secrets';
import { registerSandboxDepositRoutes } from '../../sandbox/deposit-routes';
import { SandboxGateway } from '../../sandbox/gateway';
import { SandboxTrueWallet } from '../../sandbox/truewallet';
import type { MoneyContext } from '../wallet/money-context';
import { DepositAccounts } from './accounts';
import { BANK_CHANNEL, BankArrivals } from './bank-arrivals';
import { depositHouseAccounts } from './credit';
import { QrDeposits } from './qrcodes';
import { registerDepositRoutes } from './routes';
import { SlipReadPool } from './slip-read-pool';
import { Slips } from './slips';
import { TrueWalletDeposits } from './truewallet';
import { runInBackground } from '../../background';

const BANK_QR: readonly QrProvider[] = ['KBANK', 'BCEL'];

export interface DepositModule {
  slips: Slips;
  qr: QrDeposits;
  truewallet: TrueWalletDeposits;
  arrivals: BankArrivals;
}

declare module 'fastify' {
  interface FastifyInstance {
    deposits: DepositModule;
  }
}

/**
 * Deposits by slip, QR code and True Wallet link. Chooses the adapters by configuration (sandbox:
 * the sandbox bank, gateway and True Wallet; live: the HTTP services of the config), mounts the
 * routes, and re-checks slips left in progress at start and then periodically.
 */
export function setupDeposits(app: FastifyInstance, ctx: AppContext, money: MoneyContext) {
  const { config } = ctx;
  const log = (msg: string, detail: Record<string, unknown>) => app.log.warn(detail, msg);
  const accounts = new DepositAccounts(ctx.settings, config.COUNTRY);
  const publicUrl = () => config.PUBLIC_URL ?? `http://localhost:${listeningPort(app) ?? config.PORT}`;

  let verifier: SlipVerifier;
  let vouchers: TrueWalletVouchers;
  let gatewayChannel: (provider: QrProvider) => QrChannel;
  let observer: SandboxGateway | undefined;
  let webhookSecret: string;
  let bankFeedSecret: string | undefined;
  const arrivals = new BankArrivals({ money, accounts });
  if (config.sandbox) {
    webhookSecret = config.SANDBOX_GATEWAY_SECRET ?? sandboxSecret(config, 'gateway');
    bankFeedSecret = config.SANDBOX_BANK_FEED_SECRET ?? sandboxSecret(config, 'bank-feed');
    const bank = new SandboxBank(ctx.db, ctx.clock, config.COUNTRY);
    const truewallet = new SandboxTrueWallet(ctx.db, ctx.clock);
    // The gateway notifies our webhook through the whole HTTP pipeline (parsing, signature check), in process.
    const gateway = new SandboxGateway(ctx.db, ctx.clock, webhookSecret, (id) => `${publicUrl()}/sandbox/pay/${id}`, async (n) => {
      const res = await app.inject({ method: 'POST', url: `/api/webhooks/gateway/${n.provider}`, headers: n.headers, payload: n.body });
      return { statusCode: res.statusCode, body: res.body };
    });
    verifier = bank;
    vouchers = truewallet;
    observer = gateway;
    const sandboxChannel = gateway.channel();
    gatewayChannel = () => sandboxChannel;
    // The sandbox bank reports incoming transfers to our webhook through the whole HTTP pipeline, as the gateway does.
    const bankFeed = new SandboxBankFeed(ctx.clock, config.COUNTRY, bankFeedSecret, async (n) => {
      const res = await app.inject({ method: 'POST', url: `/api/webhooks/bank/${n.bankCode}`, headers: n.headers, payload: n.body });
      return { statusCode: res.statusCode, body: res.body };
    });
    registerSandboxDepositRoutes(app, ctx, { bank, gateway, truewallet, accounts, bankFeed });
  } else {
    webhookSecret = config.PAYMENT_GATEWAY_SECRET!;
    bankFeedSecret = config.BANK_FEED_SECRET;
    verifier = new HttpSlipVerifier({ url: config.SLIP_VERIFY_URL!, token: config.SLIP_VERIFY_TOKEN!, timeoutMs: config.PROVIDER_TIMEOUT_MS });
    vouchers = new HttpTrueWalletVouchers({ url: config.TRUEWALLET_API_URL, mobile: config.TRUEWALLET_MOBILE!, timeoutMs: config.PROVIDER_TIMEOUT_MS });
    const http = new Map(QR_PROVIDERS.map((p) => [p, new HttpGatewayChannel(p, { url: config.PAYMENT_GATEWAY_URL!, secret: config.PAYMENT_GATEWAY_SECRET!, timeoutMs: config.PROVIDER_TIMEOUT_MS })]));
    gatewayChannel = (provider) => http.get(provider)!;
  }
  const bankQr = new BankQrChannel((order) => accounts.qrAccount(order.provider, order.currency), observer);
  const channel = (provider: QrProvider): QrChannel => (BANK_QR.includes(provider) ? bankQr : gatewayChannel(provider));

  const reader = new SlipReadPool({ threads: config.SLIP_READ_THREADS, waiting: config.SLIP_READ_WAITING, budgetMs: config.SLIP_READ_BUDGET_MS });
  const slips = new Slips({ money, accounts, verifier, reader, lookups: ctx.lookups, clock: ctx.clock });
  const qr = new QrDeposits({ money, accounts, channel, settings: ctx.settings, clock: ctx.clock, log });
  const truewallet = new TrueWalletDeposits({
    money, vouchers, clock: ctx.clock, log,
    linkKey: config.TRUEWALLET_LINK_KEY ?? SANDBOX_TRUEWALLET_LINK_KEY,
  });
  const bankFeed = new HmacBankFeed(() => bankFeedSecret);
  registerDepositRoutes(app, ctx, { slips, qr, truewallet, channel, webhookSecret: () => webhookSecret, arrivals, bankFeed });

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
  app.addHook('onClose', async () => { await reader.close(); });
  const module: DepositModule = { slips, qr, truewallet, arrivals };
  app.decorate('deposits', module);
  return module;
}

function listeningPort(app: FastifyInstance): number | undefined {
  const address = app.server.address();
  return address && typeof address === 'object' ? address.port : undefined;
}
