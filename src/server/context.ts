import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Adapters } from './adapters';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/database';
import type { DB } from './db/schema';
import type { RouteGuards } from './http/contract-route';
import type { Authenticator } from './http/member-guard';
import type { MemberGates } from './http/member-gates';
import type { Passwords } from './modules/account/passwords';
import type { AppMetrics } from './metrics/metrics';
import type { Lookups } from './modules/lookup/lookups';
import type { MemberNotices } from './notices/member-notices';
import type { Otp } from './modules/otp/otp';
import type { ResetCodes } from './modules/otp/reset-codes';
import type { Sessions } from './modules/sessions/sessions';
import type { Realtime } from './realtime/realtime';
import type { Settings } from './settings/settings';
import type { Throttle } from './throttle/throttle';

/** What every module's routes are built from; made once per app by the app factory. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Kysely<DB>;
  settings: Settings;
  sessions: Sessions;
  /** The time domain rules read (OTP expiry, throttle windows, slip hours); tests replace `now`. */
  clock: Clock;
  /** Request limits shared by every process (login failures, OTP sends). */
  throttle: Throttle;
  lookups: Lookups;
  otp: Otp;
  /** The SMS codes that reset a forgotten password (the account module's reset uses them). */
  resetCodes: ResetCodes;
  /** Hashes and checks member and operator passwords at the configured cost. */
  passwords: Passwords;
  guards: RouteGuards;
  realtime: Realtime;
  /** Other areas' rules on every member request and socket check (safer play), registered at start. */
  memberGates: MemberGates;
  authenticate: Authenticator;
  /** The outside services (game providers, payout, gateways, bank feed, slips, True Wallet, SMS, file storage), chosen by adapters.ts. */
  adapters: Adapters;
  /** What members are told outside the open page, after commit (`notices/`); the push module listens. */
  notices: MemberNotices;
  /** The app's Prometheus metrics (`metrics/`), served at /metrics to a scraper with METRICS_TOKEN. */
  metrics: AppMetrics;
  /** The Redis every node shares (rate limits), when REDIS_URL is set; readiness pings it. */
  redis?: Redis;
  /** `stopping` is set when a shutdown starts (SIGTERM, or the app closing): readiness answers 503 from then on. */
  lifecycle: { stopping: boolean };
}
