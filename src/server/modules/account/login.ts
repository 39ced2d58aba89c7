import type { Kysely } from 'kysely';
import type { Country } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { refuse } from '../../errors';
import type { Sessions } from '../sessions/sessions';
import type { Throttle } from '../../throttle/throttle';
import { LoginBackoff } from './login-backoff';
import type { Passwords } from './passwords';
import { checkPhone } from './phone';

/**
 * Failed logins: 10 per phone and address in a sliding 15 minutes (REQUEST_LIMIT beyond, for that
 * pair only); per address 10 free, then a wait that doubles from 1 s up to 60 s between tries.
 */
export const LOGIN_LIMITS = {
  perPhoneAndAddress: 10,
  windowMs: 15 * 60_000,
  address: { freeFailures: 10, firstWaitMs: 1_000, maxWaitMs: 60_000, windowMs: 15 * 60_000 },
} as const;

export interface LoginRequest {
  username: string;
  password: string;
  remember?: boolean;
}

/**
 * Phone and password to a session token. An unknown phone and a wrong password answer alike
 * (WRONG_CREDENTIAL) and take alike long; a locked member learns so (INACTIVE_USER) only with
 * the right password.
 *
 * Guessing is throttled per (phone, address), never per phone alone: a stranger's failures
 * cannot lock the owner out, whose own device has its own allowance. Each attempt takes a hit
 * from its pair's throttle before the password is checked (so parallel guesses cannot run past
 * the limit) and a good login gives it back, so what stays counted is the failures. An address
 * that keeps failing, over any phones, is slowed by a growing wait (LoginBackoff) instead of
 * locked, so the members who share it (a carrier NAT) still get in.
 */
export class Login {
  private readonly backoff: LoginBackoff;

  constructor(private readonly deps: { db: Kysely<DB>; country: Country; sessions: Sessions; throttle: Throttle; clock: Clock; passwords: Passwords }) {
    this.backoff = new LoginBackoff({ db: deps.db, clock: deps.clock }, LOGIN_LIMITS.address);
  }

  async login(request: LoginRequest, client: { ip: string; userAgent?: string }): Promise<string> {
    const { db, throttle, passwords } = this.deps;
    const phone = checkPhone(this.deps.country, request.username);
    const accountKey = phone.ok ? phone.phone : request.username;
    if (await this.backoff.waiting(client.ip)) return refuse('REQUEST_LIMIT');
    const pair = await throttle.take(`login:pair:${accountKey}:${client.ip}`, LOGIN_LIMITS.perPhoneAndAddress, LOGIN_LIMITS.windowMs);
    if (!pair) return refuse('REQUEST_LIMIT');

    const member = phone.ok
      ? await db.selectFrom('member').select(['id', 'password_hash', 'status']).where('username', '=', phone.phone).executeTakeFirst()
      : undefined;
    const matches = await passwords.verify(member?.password_hash ?? (await passwords.dummyHash()), request.password);
    if (!member || !matches) {
      await this.backoff.failed(client.ip);
      return refuse('WRONG_CREDENTIAL');
    }
    await throttle.giveBack(pair);
    if (member.status !== 'active') refuse('INACTIVE_USER');
    return this.deps.sessions.create(member.id, { persistent: request.remember === true, ip: client.ip, userAgent: client.userAgent });
  }
}
