import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { QR_PROVIDERS, type QrProvider } from '../contract';
import type { Clock } from './clock';
import type { Config } from './config';
import type { DB } from './db/schema';
import type { AppMetrics } from './metrics/metrics';
import { countedAdapters } from './metrics/providers';
import { HmacBankFeed, type BankFeed } from './providers/bank-feed/adapter';
import type { GameProvider } from './providers/games/adapter';
import { PROVIDER_CODES } from './providers/games/catalogue';
import { DemoGameProvider } from './providers/games/demo-adapter';
import { HttpGameProvider } from './providers/games/http-adapter';
import { OmgGameProvider } from './providers/games/omg-adapter';
import { OmgBetRecords } from './providers/games/omg-bet-records';
import type { QrChannel } from './providers/gateways/adapter';
import type { OrderObserver } from './providers/gateways/bank-qr';
import { HttpGatewayChannel } from './providers/gateways/http-gateway';
import type { PayoutProvider } from './providers/payout/adapter';
import { ManualPayout } from './providers/payout/manual';
import type { SlipVerifier } from './providers/slips/adapter';
import { EasySlipVerifier } from './providers/slips/easyslip';
import { HttpSlipVerifier } from './providers/slips/http-verifier';
import { SlipOkVerifier } from './providers/slips/slipok';
import type { PushDelivery } from './providers/push/push';
import { WebPushDelivery } from './providers/push/web-push';
import { HttpSmsGateway } from './providers/sms/http-gateway';
import { AntsSmsGateway } from './providers/sms/ants';
import { ThaiBulkSmsGateway } from './providers/sms/thaibulksms';
import type { SmsSender } from './providers/sms/sms';
import type { FileStorage } from './providers/storage/adapter';
import { LocalDiskStorage } from './providers/storage/local-disk';
import type { TrueWalletVouchers } from './providers/truewallet/adapter';
import { HttpTrueWalletVouchers } from './providers/truewallet/http-vouchers';
import { HmacTrueWalletFeed, type TrueWalletTransferFeed } from './providers/truewallet/transfer-feed';
import { SandboxBank } from './sandbox/simulators/bank';
import { SandboxBankFeed } from './sandbox/simulators/bank-feed';
import { DemoProviderEngine } from './sandbox/simulators/demo-provider/engine';
import { SandboxGateway } from './sandbox/simulators/gateway';
import { SandboxPayout } from './sandbox/simulators/payout';
import { sandboxSecret } from './sandbox/simulators/secrets';
import { SandboxPushOutbox } from './sandbox/simulators/push-outbox';
import { SandboxSmsInbox } from './sandbox/simulators/sms-inbox';
import { SandboxTrueWallet, SandboxTrueWalletTransfers } from './sandbox/simulators/truewallet';

/** Everything outside our walls the modules speak to, each chosen once, here, by configuration. */
export interface Adapters {
  /** Delivers OTP texts. */
  sms: SmsSender;
  /** A game provider by its code (PROVIDER_CODES); undefined for a code we do not offer. */
  gameProvider: (code: string) => GameProvider | undefined;
  /**
   * Hears of every bet as it is made, from providers that report bets (the demo provider); the
   * bonus engine polls the others.
   */
  onGameBet?: (listener: (providerCode: string, username: string) => void) => void;
  /** Pays withdrawals. */
  payout: PayoutProvider;
  /** The QR channel of a payment gateway provider (WW, FP, PAYONEX; bank QR codes are ours). */
  gatewayChannel: (provider: QrProvider) => QrChannel;
  /** Told when a bank QR order opens or closes: the sandbox gateway, which pays them; none live. */
  bankQrObserver?: OrderObserver;
  /** The secret payment notifications (the gateways' and the banks' QR payments) are signed with. */
  gatewaySecret: string;
  /** Tells an authentic incoming-transfer notification of a bank's feed from a forged one. */
  bankFeed: BankFeed;
  slipVerifier: SlipVerifier;
  trueWallet: TrueWalletVouchers;
  /** Tells an authentic incoming-transfer notification of True Wallet (AUTO mode) from a forged one. */
  trueWalletFeed: TrueWalletTransferFeed;
  /** Where support-chat uploads are kept. */
  chatFiles: FileStorage;
  /** Where the images operators upload for banners are kept (served publicly by their content address). */
  contentImages: FileStorage;
  /** Hands Web Push messages to the browsers' push services (sandbox: and keeps them in its outbox). */
  push: PushDelivery;
}

/** The stand-ins for the outside companies in sandbox mode, which the sandbox's own routes drive. */
export interface Simulators {
  smsInbox: SandboxSmsInbox;
  /** The pushes sent, as the SMS inbox keeps the texts. */
  pushOutbox: SandboxPushOutbox;
  bank: SandboxBank;
  bankFeed: SandboxBankFeed;
  gateway: SandboxGateway;
  trueWallet: SandboxTrueWallet;
  /** Someone sends money from a True Wallet to ours; True Wallet notifies our webhook. */
  trueWalletTransfers: SandboxTrueWalletTransfers;
  demo: DemoProviderEngine;
  /** Signs the demo provider's HTTP protocol (and its launch links). */
  demoSecret: string;
  /** The demo provider as its own launcher, per code (the launch action of its HTTP protocol). */
  demoLauncher: (code: string) => GameProvider;
}

export interface AdapterDeps {
  config: Config;
  db: Kysely<DB>;
  clock: Clock;
  /** Every call of the chosen adapters is counted in these (`metrics/providers.ts`); none when absent. */
  metrics?: AppMetrics;
}

/**
 * The composition root of the outside world (`pickAdapters`), each adapter's calls counted once,
 * here: the modules take their adapters from the context and never know.
 */
export function chooseAdapters(app: FastifyInstance, deps: AdapterDeps): { adapters: Adapters; simulators?: Simulators } {
  const chosen = pickAdapters(app, deps);
  if (!deps.metrics) return chosen;
  const { config } = deps;
  const implementation = config.sandbox ? 'sandbox' : 'http';
  const adapters = countedAdapters(chosen.adapters, deps.metrics, {
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
    names: { sms: implementation, payout: config.payout, slip: implementation, truewallet: implementation, push: config.sandbox ? 'sandbox' : 'web-push' },
  });
  return { ...chosen, adapters };
}

/**
 * The composition root of the outside world: live mode speaks to the services of the
 * configuration, sandbox mode to the simulators of `sandbox/simulators/` (answered with them, so
 * the sandbox's routes can drive them). No module chooses an adapter or imports a simulator.
 */
function pickAdapters(app: FastifyInstance, deps: AdapterDeps): { adapters: Adapters; simulators?: Simulators } {
  const { config } = deps;
  const chatFiles = new LocalDiskStorage(config.CHAT_STORAGE_DIR ?? path.join(config.DATA_DIR, 'chat-files'));
  const contentImages = new LocalDiskStorage(config.CONTENT_IMAGES_DIR ?? path.join(config.DATA_DIR, 'content-images'));
  // A payout adapter is chosen apart from the mode: a sandbox may pay by hand too (PAYOUT_ADAPTER=manual).
  const payout = config.payout === 'sandbox' ? new SandboxPayout(deps.db) : new ManualPayout();
  const push = new WebPushDelivery(config.PROVIDER_TIMEOUT_MS);
  if (config.sandbox) return sandboxAdapters(app, deps, { chatFiles, contentImages, payout, push });

  // loadConfig refuses live mode without each of these, so they are here.
  const timeoutMs = config.PROVIDER_TIMEOUT_MS;
  const formPolicy = { origins: config.GAME_FORM_ORIGINS, sandbox: false };
  const games = liveGames(config, timeoutMs, formPolicy);
  const gateways = new Map(QR_PROVIDERS.map((p) => [p, new HttpGatewayChannel(p, { url: config.PAYMENT_GATEWAY_URL!, secret: config.PAYMENT_GATEWAY_SECRET!, timeoutMs })]));
  const bankFeedSecret = config.BANK_FEED_SECRET;
  return {
    adapters: {
      sms: liveSms(config),
      gameProvider: (code) => games.get(code),
      payout,
      gatewayChannel: (provider) => gateways.get(provider)!,
      gatewaySecret: config.PAYMENT_GATEWAY_SECRET!,
      bankFeed: new HmacBankFeed(() => bankFeedSecret),
      slipVerifier: liveSlipVerifier(config),
      trueWallet: new HttpTrueWalletVouchers({ url: config.TRUEWALLET_API_URL, mobile: config.TRUEWALLET_MOBILE!, timeoutMs }),
      trueWalletFeed: new HmacTrueWalletFeed(config.TRUEWALLET_FEED_SECRET),
      chatFiles,
      contentImages,
      push,
    },
  };
}

/** The SMS gateway of SMS_PROVIDER (providers/sms/README.md); loadConfig refuses live mode without its credentials. */
function liveSms(config: Config): SmsSender {
  if (config.SMS_PROVIDER === 'thaibulksms') {
    return new ThaiBulkSmsGateway({
      url: config.THAIBULKSMS_API_URL, apiKey: config.THAIBULKSMS_API_KEY!, apiSecret: config.THAIBULKSMS_API_SECRET!,
      sender: config.THAIBULKSMS_SENDER, force: config.THAIBULKSMS_FORCE,
    });
  }
  if (config.SMS_PROVIDER === 'ants') {
    return new AntsSmsGateway({ url: config.ANTS_API_URL, username: config.ANTS_USERNAME!, password: config.ANTS_PASSWORD!, sender: config.ANTS_SENDER! });
  }
  return new HttpSmsGateway({ url: config.SMS_GATEWAY_URL!, token: config.SMS_GATEWAY_TOKEN! });
}

/** The slip verifier of SLIP_VERIFY_PROVIDER (providers/slips/README.md); loadConfig refuses live mode without its credentials. */
function liveSlipVerifier(config: Config): SlipVerifier {
  const timeoutMs = config.PROVIDER_TIMEOUT_MS;
  switch (config.SLIP_VERIFY_PROVIDER) {
    case 'easyslip':
      return new EasySlipVerifier({ url: config.EASYSLIP_API_URL, apiKey: config.EASYSLIP_API_KEY!, timeoutMs });
    case 'slipok':
      return new SlipOkVerifier({ url: config.SLIPOK_API_URL, branchId: config.SLIPOK_BRANCH_ID!, apiKey: config.SLIPOK_API_KEY!, timeoutMs });
    default:
      return new HttpSlipVerifier({ url: config.SLIP_VERIFY_URL!, token: config.SLIP_VERIFY_TOKEN!, timeoutMs });
  }
}

/**
 * The live game providers: every code over our generic signed protocol, or the codes OMG_GAMES
 * names through the OMG aggregator's Transfer Wallet API (GAME_PROVIDER_PROTOCOL=omg).
 */
function liveGames(config: Config, timeoutMs: number, formPolicy: { origins: readonly string[]; sandbox: boolean }): Map<string, GameProvider> {
  if (config.GAME_PROVIDER_PROTOCOL === 'omg') {
    // One reader for every code: OMG paces record pulls per merchant.
    const betRecords = config.OMG_BACKEND_URL
      ? new OmgBetRecords({ backendUrl: config.OMG_BACKEND_URL, appId: config.OMG_APP_ID!, signKey: config.OMG_SIGN_KEY!, timeoutMs })
      : undefined;
    return new Map([...config.OMG_GAMES].map(([code, gameId]) => [code, new OmgGameProvider(code, {
      baseUrl: config.OMG_API_URL!, appId: config.OMG_APP_ID!, signKey: config.OMG_SIGN_KEY!, currencyId: config.OMG_CURRENCY_ID,
      gameId, unamePrefix: config.OMG_UNAME_PREFIX, timeoutMs, betRecords,
    })]));
  }
  return new Map(PROVIDER_CODES.map((code) => [code, new HttpGameProvider(code, config.GAME_PROVIDER_URL!, config.GAME_PROVIDER_SECRET!, timeoutMs, formPolicy)]));
}

/**
 * SPEC section 2: one provider launches by hidden form values. In the sandbox UFABET does, so a
 * tester lands in the demo game through a posted form as well as through links.
 */
const SANDBOX_FORM_LAUNCH: ReadonlySet<string> = new Set(['UFABET']);

function sandboxAdapters(
  app: FastifyInstance,
  { config, db, clock }: AdapterDeps,
  shared: { chatFiles: FileStorage; contentImages: FileStorage; payout: PayoutProvider; push: PushDelivery },
): { adapters: Adapters; simulators: Simulators } {
  const publicUrl = () => config.PUBLIC_URL ?? `http://localhost:${listeningPort(app) ?? config.PORT}`;
  // The simulators notify our webhooks through the whole HTTP pipeline (parsing, signature check), in process.
  const deliverTo = (url: string) => async (n: { headers: Record<string, string>; body: string }) => {
    const res = await app.inject({ method: 'POST', url, headers: n.headers, payload: n.body });
    return { statusCode: res.statusCode, body: res.body };
  };

  const demoSecret = config.SANDBOX_PROVIDER_SECRET ?? sandboxSecret(config, 'provider');
  const demo = new DemoProviderEngine(db, { launchSecret: demoSecret, clock });
  const launchers = new Map(PROVIDER_CODES.map((code) => [code, new DemoGameProvider(code, demo, publicUrl, SANDBOX_FORM_LAUNCH.has(code) ? 'form' : 'link')]));
  const formPolicy = { origins: config.GAME_FORM_ORIGINS, sandbox: true };
  const games = config.SANDBOX_PROVIDERS_OVER_HTTP === '1'
    // The same protocol real providers speak, served by this process (tests the HTTP adapter).
    ? new Map<string, GameProvider>(PROVIDER_CODES.map((code) => [code, new HttpGameProvider(code, () => `${publicUrl()}/sandbox/provider`, demoSecret, config.PROVIDER_TIMEOUT_MS, formPolicy)]))
    : new Map<string, GameProvider>(launchers);

  const gatewaySecret = config.SANDBOX_GATEWAY_SECRET ?? sandboxSecret(config, 'gateway');
  const gateway = new SandboxGateway(db, clock, gatewaySecret, (id) => `${publicUrl()}/sandbox/pay/${id}`, (n) => deliverTo(`/api/webhooks/gateway/${n.provider}`)(n));
  const gatewayChannel = gateway.channel();
  const bankFeedSecret = config.SANDBOX_BANK_FEED_SECRET ?? sandboxSecret(config, 'bank-feed');
  const bankFeed = new SandboxBankFeed(clock, config.COUNTRY, bankFeedSecret, (n) => deliverTo(`/api/webhooks/bank/${n.bankCode}`)(n));
  const bank = new SandboxBank(db, clock, config.COUNTRY);
  const trueWallet = new SandboxTrueWallet(db, clock);
  const trueWalletFeedSecret = config.SANDBOX_TRUEWALLET_FEED_SECRET ?? sandboxSecret(config, 'truewallet-feed');
  const trueWalletTransfers = new SandboxTrueWalletTransfers(clock, trueWalletFeedSecret, deliverTo('/api/webhooks/truewallet'));
  const smsInbox = new SandboxSmsInbox(db, clock, (line, msg) => app.log.info(line, msg));
  const pushOutbox = new SandboxPushOutbox(db, clock, shared.push, (line, msg) => app.log.info(line, msg));

  return {
    adapters: {
      sms: smsInbox,
      gameProvider: (code) => games.get(code),
      onGameBet: (listener) => { demo.onBet = listener; },
      payout: shared.payout,
      gatewayChannel: () => gatewayChannel,
      bankQrObserver: gateway,
      gatewaySecret,
      bankFeed: new HmacBankFeed(() => bankFeedSecret),
      slipVerifier: bank,
      trueWallet,
      trueWalletFeed: new HmacTrueWalletFeed(trueWalletFeedSecret),
      chatFiles: shared.chatFiles,
      contentImages: shared.contentImages,
      push: pushOutbox,
    },
    simulators: { smsInbox, pushOutbox, bank, bankFeed, gateway, trueWallet, trueWalletTransfers, demo, demoSecret, demoLauncher: (code) => launchers.get(code)! },
  };
}

function listeningPort(app: FastifyInstance): number | undefined {
  const address = app.server.address();
  return address && typeof address === 'object' ? address.port : undefined;
}
