import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { COUNTRIES } from '../contract';
import { parseOmgGames } from './providers/games/omg-games';

const optionalUrl = z.string().url().optional().or(z.literal('').transform(() => undefined));
/** An address players or our adapters call over the web: a javascript:, file: or data: URL would start and fail (or worse) later. */
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' });
const optionalHttpUrl = httpUrl.optional().or(z.literal('').transform(() => undefined));

/** An https origin as written in a list (https://host[:port], nothing after it). */
const isHttpsOrigin = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.origin === text.replace(/\/$/, '');
  } catch {
    return false;
  }
};
/** The bytes a base64url text (no padding) stands for, or -1 when it is not one. */
export const base64urlBytes = (text: string): number =>
  /^[A-Za-z0-9_-]+$/.test(text) && text.length % 4 !== 1 ? Math.floor((text.length * 3) / 4) : -1;
const isVapidSubject = (text: string) => {
  try {
    const url = new URL(text);
    return (url.protocol === 'mailto:' && url.pathname.includes('@')) || (url.protocol === 'https:' && url.hostname !== '');
  } catch {
    return false;
  }
};
const originList = (text: string) => text.split(',').map((o) => o.trim()).filter(Boolean);

/** The environment the server reads, validated once at start; a bad value stops the start. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Where to listen; unset: 127.0.0.1 in sandbox mode (it can mint play money), 0.0.0.0 live. */
  HOST: z.string().optional().transform((v) => v || undefined),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: optionalUrl,
  COUNTRY: z.enum(COUNTRIES).default('TH'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated addresses of the reverse proxies in front of this server (X-Forwarded-For is trusted from them only). */
  TRUST_PROXY: z.string().optional().transform((v) => v || undefined),
  /** The bearer token a Prometheus scraper sends for `/metrics`; unset, `/metrics` answers 404 (README, Going live). */
  METRICS_TOKEN: z.string().optional().transform((v) => v || undefined)
    .refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters (a random token, not a word)'),
  /** On SIGTERM/SIGINT, how long requests and money steps in flight may take to finish before the process exits anyway. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(25_000),
  /** Comma-separated origins allowed to call the API from another site; none by default. */
  CORS_ORIGINS: z.string().default(''),
  /** Directory of the built client; the SPA is served from it when it exists. */
  CLIENT_DIR: z.string().default('./dist'),
  /** sandbox: built-in simulators stand in for SMS, game providers, gateways and slip checks. */
  APP_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  /** The address players reach this server at (launch links); defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalHttpUrl,
  /** How long a game provider or payout call may take before its outcome counts as unknown. */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** The reconciler touches only work older than this, so no call still in flight can land after it. */
  RECONCILE_GRACE_MS: z.coerce.number().int().min(0).default(30_000),
  /** How often the reconciler runs; 0 runs it only at start. */
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).default(5_000),
  /** How often held bonuses' turnover is read from the providers (0: only on bets and page loads). */
  BONUS_TURNOVER_INTERVAL_MS: z.coerce.number().int().min(0).default(10_000),
  /** How often the refund job looks for a finished period (it makes each refund once). */
  REFUND_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * Live mode: how the game providers are reached. generic: our signed HTTP protocol
   * (providers/games/http-adapter.ts, GAME_PROVIDER_URL and GAME_PROVIDER_SECRET); omg: the OMG
   * aggregator's Transfer Wallet API (providers/games/omg-adapter.ts, the OMG_* variables).
   */
  GAME_PROVIDER_PROTOCOL: z.enum(['generic', 'omg']).default('generic'),
  /** Live mode: game providers over the signed HTTP protocol (providers/games/http-adapter.ts). */
  GAME_PROVIDER_URL: optionalHttpUrl,
  GAME_PROVIDER_SECRET: z.string().optional().transform((v) => v || undefined),
  /** OMG Transfer Wallet: {OMG_API_URL} of the merchant backend (test or production). */
  OMG_API_URL: optionalHttpUrl,
  /**
   * OMG: the back-office API address of the merchant backend's API configuration page, where bet
   * records are read for bonus turnover (providers/games/omg-bet-records.ts); unset, turnover at OMG is not counted.
   */
  OMG_BACKEND_URL: optionalHttpUrl,
  /** OMG Transfer Wallet: the merchant's app_id and signature key (merchant backend). */
  OMG_APP_ID: z.string().optional().transform((v) => v || undefined),
  OMG_SIGN_KEY: z.string().optional().transform((v) => v || undefined),
  /** OMG Transfer Wallet: the currency id (cid) players are opened in; 0 for a single-currency merchant. */
  OMG_CURRENCY_ID: z.coerce.number().int().min(0).default(0),
  /**
   * OMG Transfer Wallet: which of our provider codes OMG serves, and the OMG game each opens
   * (CODE=gameid, comma-separated, e.g. PG=2001,ASKMEBET=25001). Codes not listed are not offered.
   */
  OMG_GAMES: z.string().default('')
    .refine((v) => parseOmgGames(v) !== null, 'each must be CODE=gameid with CODE one of the catalogue\'s providers, such as PG=2001')
    .transform((v) => parseOmgGames(v) ?? new Map<string, string>()),
  /** OMG Transfer Wallet: the start of every player id (uname) we open, so two sites on one app_id never share a player. */
  OMG_UNAME_PREFIX: z.string().regex(/^[a-z0-9]{0,12}$/, 'lowercase letters and digits, at most 12').default('w'),
  /**
   * Comma-separated https origins a game provider's launch form may post to (https://games.example);
   * the pages' Content-Security-Policy form-action allows the same. None: a provider that answers
   * a form launch is refused (GAME_LAUNCH_FAIL). The sandbox's form posts to its own demo game.
   */
  GAME_FORM_ORIGINS: z.string().default('')
    .refine((v) => originList(v).every(isHttpsOrigin), 'each must be an https origin, such as https://games.example')
    .transform((v) => originList(v).map((o) => new URL(o).origin)),
  /** Sandbox: reach the demo provider through its signed HTTP protocol instead of in-process. */
  SANDBOX_PROVIDERS_OVER_HTTP: z.enum(['0', '1']).default('0'),
  /** Signs the sandbox demo provider's HTTP protocol and launch links; unset: derived from the shared database's address, so every node agrees. */
  SANDBOX_PROVIDER_SECRET: z.string().optional().transform((v) => v || undefined),
  /** Live mode: who delivers OTP texts (providers/sms/README.md): our generic HTTP gateway, ThaiBulkSMS or ANTS. */
  SMS_PROVIDER: z.enum(['generic', 'thaibulksms', 'ants']).default('generic'),
  /** SMS_PROVIDER=generic: the HTTP SMS gateway that delivers OTP codes (POST { to, text }, bearer token). */
  SMS_GATEWAY_URL: optionalHttpUrl,
  SMS_GATEWAY_TOKEN: z.string().optional().transform((v) => v || undefined),
  /** SMS_PROVIDER=thaibulksms: the API key and secret of the account (basic auth), the sender name registered with it, and the credit to use. */
  THAIBULKSMS_API_URL: httpUrl.default('https://api-v2.thaibulksms.com'),
  THAIBULKSMS_API_KEY: z.string().optional().transform((v) => v || undefined),
  THAIBULKSMS_API_SECRET: z.string().optional().transform((v) => v || undefined),
  /** A sender name approved on the account (at most 11 characters); unset: the account's default sender. */
  THAIBULKSMS_SENDER: z.string().max(11).optional().transform((v) => v || undefined),
  /** Which credit pays (the document's `force`); unset: the account's default. */
  THAIBULKSMS_FORCE: z.enum(['standard', 'corporate']).optional().or(z.literal('').transform(() => undefined)),
  /** SMS_PROVIDER=ants: the account's username and password (basic auth) and its sender name, at ANTS's address (ANTS API v1.0.0). */
  ANTS_API_URL: httpUrl.default('https://api-service.ants.co.th'),
  ANTS_USERNAME: z.string().optional().transform((v) => v || undefined),
  ANTS_PASSWORD: z.string().optional().transform((v) => v || undefined),
  /** The document's `from`: required by Send Message, at most 11 characters and no space. */
  ANTS_SENDER: z.string().regex(/^\S{0,11}$/, 'at most 11 characters, no space').optional().transform((v) => v || undefined),
  /** The key the client encrypts True Wallet gift links with (crypto-js AES passphrase); sandbox: SANDBOX_TRUEWALLET_LINK_KEY. */
  TRUEWALLET_LINK_KEY: z.string().optional().transform((v) => v || undefined),
  /** Live mode: the True Wallet gift voucher service and the wallet number vouchers are redeemed to. */
  TRUEWALLET_API_URL: httpUrl.default('https://gift.truemoney.com'),
  TRUEWALLET_MOBILE: z.string().optional().transform((v) => v || undefined),
  /** Live mode: who verifies slips (providers/slips/README.md): our generic protocol, EasySlip or SlipOK. */
  SLIP_VERIFY_PROVIDER: z.enum(['generic', 'easyslip', 'slipok']).default('generic'),
  /** SLIP_VERIFY_PROVIDER=generic: the slip verification service (POST { payload, sendingBank, reference }, bearer token). */
  SLIP_VERIFY_URL: optionalHttpUrl,
  SLIP_VERIFY_TOKEN: z.string().optional().transform((v) => v || undefined),
  /** SLIP_VERIFY_PROVIDER=easyslip: the API's base address (API v1) and the application's access token. */
  EASYSLIP_API_URL: httpUrl.default('https://developer.easyslip.com/api/v1'),
  EASYSLIP_API_KEY: z.string().optional().transform((v) => v || undefined),
  /** SLIP_VERIFY_PROVIDER=slipok: the API's base address, the branch id and its API key. */
  SLIPOK_API_URL: httpUrl.default('https://api.slipok.com/api/line/apikey'),
  SLIPOK_BRANCH_ID: z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be the branch id SlipOK shows (letters and digits)').optional().or(z.literal('').transform(() => undefined)),
  SLIPOK_API_KEY: z.string().optional().transform((v) => v || undefined),
  /** Live mode: the payment gateway bridge for WW, FP and PAYONEX, and the secret its and the banks' notifications are signed with. */
  PAYMENT_GATEWAY_URL: optionalHttpUrl,
  PAYMENT_GATEWAY_SECRET: z.string().optional().transform((v) => v || undefined),
  /** Slip images read at once on this node, each in its own thread (leave a core for the event loop). */
  SLIP_READ_THREADS: z.coerce.number().int().min(1).max(16).default(Math.max(1, Math.min(4, availableParallelism() - 1))),
  /** Slips that may wait for a reading thread; an upload beyond them is refused with SLIP_UPLOAD_BUSY. */
  SLIP_READ_WAITING: z.coerce.number().int().min(0).max(1000).default(16),
  /** How long one slip may be read; beyond it the slip fails with IMG_SIZE_UNABLE_TO_PROCESS. */
  SLIP_READ_BUDGET_MS: z.coerce.number().int().min(100).default(8_000),
  /** How often each node checks that its open sockets' sessions still hold (ends those of a locked member). */
  SOCKET_SESSION_CHECK_MS: z.coerce.number().int().min(100).default(5_000),
  /** Days a failed slip's image is kept for an operator to review; then it is deleted (the slip stays listed). */
  SLIP_FAILED_IMAGE_DAYS: z.coerce.number().min(0).default(30),
  /** Signs the sandbox gateway's notifications; unset: derived from the shared database's address. */
  SANDBOX_GATEWAY_SECRET: z.string().optional().transform((v) => v || undefined),
  /** Live mode: the secret the banks' incoming-transfer notifications are signed with; unset, the bank feed webhook refuses every call. */
  BANK_FEED_SECRET: z.string().optional().transform((v) => v || undefined),
  /** Signs the sandbox bank's incoming-transfer notifications; unset: derived from the shared database's address. */
  SANDBOX_BANK_FEED_SECRET: z.string().optional().transform((v) => v || undefined),
  /** Live mode: the secret True Wallet's incoming-transfer notifications (AUTO mode) are signed with; unset, that webhook refuses every call. */
  TRUEWALLET_FEED_SECRET: z.string().optional().transform((v) => v || undefined),
  /** Signs the sandbox True Wallet's incoming-transfer notifications; unset: derived from the shared database's address. */
  SANDBOX_TRUEWALLET_FEED_SECRET: z.string().optional().transform((v) => v || undefined),
  /** Who pays withdrawals: 'manual' (an operator pays from the bank and marks them paid; live's default) or the sandbox bank. */
  PAYOUT_ADAPTER: z.enum(['sandbox', 'manual']).optional(),
  /** Sandbox: the password of the back office's first operator 'admin', printed at first start; random when unset. */
  ADMIN_SEED_PASSWORD: z.string().optional().transform((v) => v || undefined),
  /** The start of every chat room's name (GET /api/chat/config answers it as PREFIX). */
  CHAT_ROOM_PREFIX: z.string().min(1).max(50).default('chat:'),
  /** Where chat uploads are kept (the local-disk storage adapter); defaults to DATA_DIR/chat-files. */
  CHAT_STORAGE_DIR: z.string().optional().transform((v) => v || undefined),
  /** Where the images operators upload for banners are kept (the local-disk storage adapter); defaults to DATA_DIR/content-images. */
  CONTENT_IMAGES_DIR: z.string().optional().transform((v) => v || undefined),
  /** Bytes of chat uploads one address may leave within an hour, over every guest and member behind it. */
  CHAT_UPLOAD_ADDRESS_BYTES_PER_HOUR: z.coerce.number().int().min(1).default(200 * 1024 * 1024),
  /** Bytes of chat uploads one conversation (a guest or a member) may receive within an hour. */
  CHAT_UPLOAD_CUSTOMER_BYTES_PER_HOUR: z.coerce.number().int().min(1).default(60 * 1024 * 1024),
  /** How long an upload may wait for a message to name it; then it is deleted. */
  CHAT_UPLOAD_GRACE_MS: z.coerce.number().int().min(0).default(3_600_000),
  /** How often each node sweeps unsent uploads; 0 sweeps only at start. */
  CHAT_UPLOAD_SWEEP_MS: z.coerce.number().int().min(0).default(60_000),
  /** Memory one password hash (argon2id) takes, in KiB; the default 64 MiB is argon2's own. Tests lower it, production keeps it. */
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(64).max(4 * 1024 * 1024).default(65_536),
  /** Passes one password hash makes over its memory; the default 3 is argon2's own. */
  PASSWORD_HASH_PASSES: z.coerce.number().int().min(1).max(20).default(3),
  /**
   * Web Push (VAPID, RFC 8292): the application server's P-256 key pair, base64url (the public key
   * 65 bytes uncompressed, the private key 32), and the contact push services may write to. All
   * three or none: live mode without them sends no push (the opt-in is hidden); sandbox mode without
   * them makes a key pair once and keeps it in the database, so every node signs with the same.
   */
  VAPID_PUBLIC_KEY: z.string().optional().transform((v) => v || undefined)
    .refine((v) => v === undefined || base64urlBytes(v) === 65, 'must be the base64url of an uncompressed P-256 public key (65 bytes)'),
  VAPID_PRIVATE_KEY: z.string().optional().transform((v) => v || undefined)
    .refine((v) => v === undefined || base64urlBytes(v) === 32, 'must be the base64url of a P-256 private key (32 bytes)'),
  VAPID_SUBJECT: z.string().optional().transform((v) => v || undefined)
    .refine((v) => v === undefined || isVapidSubject(v), 'must be a mailto: or https:// address'),
});

/** The least a production server hashes passwords with (OWASP's floor for argon2id: 19 MiB, 2 passes). */
export const PRODUCTION_PASSWORD_FLOOR = { memoryKib: 19_456, passes: 2 } as const;

export type Config = Omit<z.infer<typeof configSchema>, 'HOST'> & {
  HOST: string;
  /** Built-in simulators stand in for every outside service. Refused when NODE_ENV=production. */
  sandbox: boolean;
  /** The payout adapter in use. */
  payout: 'sandbox' | 'manual';
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  const values = parsed.data;
  const sandbox = values.APP_MODE === 'sandbox';
  if (sandbox && values.NODE_ENV === 'production') {
    throw new ConfigError('sandbox mode is refused when NODE_ENV=production: configure the real providers');
  }
  if (!sandbox && values.SMS_PROVIDER === 'generic' && (!values.SMS_GATEWAY_URL || !values.SMS_GATEWAY_TOKEN)) {
    throw new ConfigError('live mode sends OTP codes by SMS: set SMS_GATEWAY_URL and SMS_GATEWAY_TOKEN (or SMS_PROVIDER=thaibulksms or ants with its credentials)');
  }
  if (!sandbox && values.SMS_PROVIDER === 'thaibulksms' && (!values.THAIBULKSMS_API_KEY || !values.THAIBULKSMS_API_SECRET)) {
    throw new ConfigError('SMS_PROVIDER=thaibulksms sends through the ThaiBulkSMS account: set THAIBULKSMS_API_KEY and THAIBULKSMS_API_SECRET');
  }
  if (!sandbox && values.SMS_PROVIDER === 'ants' && (!values.ANTS_USERNAME || !values.ANTS_PASSWORD || !values.ANTS_SENDER)) {
    throw new ConfigError('SMS_PROVIDER=ants sends through the ANTS account: set ANTS_USERNAME, ANTS_PASSWORD and ANTS_SENDER');
  }
  if (!sandbox && values.GAME_PROVIDER_PROTOCOL === 'generic' && (!values.GAME_PROVIDER_URL || !values.GAME_PROVIDER_SECRET)) {
    throw new ConfigError('live mode reaches game providers over HTTP: set GAME_PROVIDER_URL and GAME_PROVIDER_SECRET');
  }
  if (!sandbox && values.GAME_PROVIDER_PROTOCOL === 'omg'
    && (!values.OMG_API_URL || !values.OMG_APP_ID || !values.OMG_SIGN_KEY || values.OMG_GAMES.size === 0)) {
    throw new ConfigError('GAME_PROVIDER_PROTOCOL=omg reaches the OMG Transfer Wallet API: set OMG_API_URL, OMG_APP_ID, OMG_SIGN_KEY and OMG_GAMES');
  }
  if (!sandbox && !values.TRUEWALLET_LINK_KEY) {
    throw new ConfigError('live mode decrypts True Wallet links with its own key: set TRUEWALLET_LINK_KEY (and VITE_TRUEWALLET_KEY for the client)');
  }
  if (!sandbox && !values.TRUEWALLET_MOBILE) {
    throw new ConfigError('live mode redeems True Wallet vouchers to the operator\'s wallet: set TRUEWALLET_MOBILE');
  }
  if (!sandbox && values.SLIP_VERIFY_PROVIDER === 'generic' && (!values.SLIP_VERIFY_URL || !values.SLIP_VERIFY_TOKEN)) {
    throw new ConfigError('live mode verifies slips with a slip verification service: set SLIP_VERIFY_URL and SLIP_VERIFY_TOKEN (or SLIP_VERIFY_PROVIDER=easyslip|slipok with its credentials)');
  }
  if (!sandbox && values.SLIP_VERIFY_PROVIDER === 'easyslip' && !values.EASYSLIP_API_KEY) {
    throw new ConfigError('SLIP_VERIFY_PROVIDER=easyslip verifies slips with EasySlip: set EASYSLIP_API_KEY');
  }
  if (!sandbox && values.SLIP_VERIFY_PROVIDER === 'slipok' && (!values.SLIPOK_BRANCH_ID || !values.SLIPOK_API_KEY)) {
    throw new ConfigError('SLIP_VERIFY_PROVIDER=slipok verifies slips with SlipOK: set SLIPOK_BRANCH_ID and SLIPOK_API_KEY');
  }
  if (!sandbox && (!values.PAYMENT_GATEWAY_URL || !values.PAYMENT_GATEWAY_SECRET)) {
    throw new ConfigError('live mode takes QR deposits through a payment gateway: set PAYMENT_GATEWAY_URL and PAYMENT_GATEWAY_SECRET');
  }
  // Real money lives in PostgreSQL (README, Live mode): the embedded database is one process's
  // files, with no replica and no second node. Only the tests run live mode on it.
  if (!sandbox && !values.DATABASE_URL && values.NODE_ENV !== 'test') {
    throw new ConfigError('live mode keeps real money in PostgreSQL: set DATABASE_URL (the embedded database is for sandbox mode)');
  }
  if (values.NODE_ENV === 'production'
    && (values.PASSWORD_HASH_MEMORY_KIB < PRODUCTION_PASSWORD_FLOOR.memoryKib || values.PASSWORD_HASH_PASSES < PRODUCTION_PASSWORD_FLOOR.passes)) {
    throw new ConfigError(`NODE_ENV=production hashes passwords with at least ${PRODUCTION_PASSWORD_FLOOR.memoryKib} KiB and ${PRODUCTION_PASSWORD_FLOOR.passes} passes: raise PASSWORD_HASH_MEMORY_KIB / PASSWORD_HASH_PASSES or leave them unset`);
  }
  const vapid = [values.VAPID_PUBLIC_KEY, values.VAPID_PRIVATE_KEY, values.VAPID_SUBJECT].filter(Boolean).length;
  if (vapid !== 0 && vapid !== 3) {
    throw new ConfigError('Web Push needs all three of VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT, or none (no push)');
  }
  const payout = values.PAYOUT_ADAPTER ?? (sandbox ? 'sandbox' : 'manual');
  if (!sandbox && payout === 'sandbox') {
    throw new ConfigError('live mode cannot pay withdrawals through the sandbox bank: set PAYOUT_ADAPTER=manual');
  }
  // The sandbox can fund wallets from nothing (/api/sandbox/wallet/fund): only this machine reaches it unless HOST says otherwise.
  return { ...values, HOST: values.HOST ?? (sandbox ? '127.0.0.1' : '0.0.0.0'), sandbox, payout };
}
