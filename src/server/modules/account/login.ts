import type { Kysely } from 'kysely';
import type { Country } from '../../../contract';
import type { DB } from '../../db/schema';
import { refuse } from '../../errors';
import type { Sessions } from '../sessions/sessions';
import type { Throttle } from '../../throttle/throttle';
import { dummyHash, verifyPassword } from './passwords';
import { checkPhone } from './phone';

/** Failed logins allowed per phone and per address in a sliding 15 minutes (REQUEST_LIMIT beyond). */
export const LOGIN_LIMITS = { perAccount: 10, perIp: 30, windowMs: 15 * 60_000 } as const;

export interface LoginRequest {
  username: string;
  password: string;
  remember?: boolean;
}

/**
 * Phone and password to a session token. An unknown phone and a wrong password answer alike
 * (WRONG_CREDENTIAL) and take alike long; a locked member learns so (INACTIVE_USER) only with
 * the right password. Each attempt takes a hit from the phone's and the address's throttle
 * before the password is checked, and a good login gives both back, so what stays counted is
 * the failures, and parallel guesses cannot run past the limit.
 */
export class Login {
  constructor(private readonly deps: { db: Kysely<DB>; country: Country; sessions: Sessions; throttle: Throttle }) {}

  async login(request: LoginRequest, client: { ip: string; userAgent?: string }): Promise<string> {
    const { db, throttle } = this.deps;
    const phone = checkPhone(this.deps.country, request.username);
    const accountKey = phone.ok ? phone.phone : request.username;
    const perAccount = await throttle.take(`login:account:${accountKey}`, LOGIN_LIMITS.perAccount, LOGIN_LIMITS.windowMs);
    if (!perAccount) return refuse('REQUEST_LIMIT');
    const perIp = await throttle.take(`login:ip:${client.ip}`, LOGIN_LIMITS.perIp, LOGIN_LIMITS.windowMs);
    if (!perIp) {
      await throttle.giveBack(perAccount);
      return refuse('REQUEST_LIMIT');
    }

    const member = phone.ok
      ? await db.selectFrom('member').select(['id', 'password_hash', 'status']).where('username', '=', phone.phone).executeTakeFirst()
      : undefined;
    const matches = await verifyPassword(member?.password_hash ?? (await dummyHash()), request.password);
    if (!member || !matches) return refuse('WRONG_CREDENTIAL');
    await Promise.all([throttle.giveBack(perAccount), throttle.giveBack(perIp)]);
    if (member.status !== 'active') refuse('INACTIVE_USER');
    return this.deps.sessions.create(member.id, { persistent: request.remember === true, ip: client.ip, userAgent: client.userAgent });
  }
}
