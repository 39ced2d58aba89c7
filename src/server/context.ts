import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/database';
import type { DB } from './db/schema';
import type { RouteGuards } from './http/contract-route';
import type { Authenticator } from './http/member-guard';
import type { Sessions } from './modules/sessions/sessions';
import type { Realtime } from './realtime/realtime';
import type { Settings } from './settings/settings';

/** What every module's routes are built from; made once per app by the app factory. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Kysely<DB>;
  settings: Settings;
  sessions: Sessions;
  guards: RouteGuards;
  realtime: Realtime;
  authenticate: Authenticator;
}
