import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { SandboxSmsInbox } from '../../sandbox/sms-inbox';
import { HttpSmsGateway } from './http-gateway';
import type { SmsSender } from './sms';

export type { SmsMessage, SmsSender } from './sms';
export { SmsFailure } from './sms';

/** The SMS adapter the configuration chooses: the sandbox inbox, or the live HTTP gateway. */
export function createSmsSender(config: Config, deps: { db: Kysely<DB>; clock: Clock; log: (line: object, msg: string) => void }): SmsSender {
  if (config.sandbox) return new SandboxSmsInbox(deps.db, deps.clock, deps.log);
  // loadConfig refuses live mode without these, so they are here.
  return new HttpSmsGateway({ url: config.SMS_GATEWAY_URL!, token: config.SMS_GATEWAY_TOKEN! });
}
