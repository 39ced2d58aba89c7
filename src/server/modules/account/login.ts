import type { Kysely } from 'kysely';
import { endpoints, rateLimitsOf, type Country } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { refuse } from '../../errors';
import type { Sessions } from '../sessions/sessions';
import type { Throttle } from '../../throttle/throttle';
import { AddressFailures } from './address-failures';
import type { Passwords } from './passwords';
import { checkPhone } from '../../phone';

/**
 * Failed logins: 10 per phone and address in a sliding 15 minutes (REQUEST_LIMIT beyond, for that
 * pair only). An address with more than 10 failures over any phones in 15 minutes is troubled:
 * each phone then gets 3 tries from it in 15 minutes, while every other phone's right password
 * still logs in. Past 300 login requests a minute an address is refused whatever it sends (a
 * flood: the guard of the CPU that checks passwords, not a guessing limit; the contract's `rateLimit`).
 */
export const LOGIN_LIMITS = {
  perPhoneAndAddress: 10,
  perPhoneFromTroubledAddress: 3,
  windowMs: 15 * 60_000,
  address: { freeFailures: 10, windowMs: 15 * 60_000 },
  /** The contract's request limit of POST /api/login (its entry's `rateLimit`). */
  floodPerAddressPerMinute: rateLimitsOf(endpoints.login)[0].max,
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
 * Guessing is throttled per (phone, address), never per phone or address alone: a stranger's
 * failures cannot lock the owner out, whose own device has its own allowance, nor the members who
 * share the stranger's address (a carrier NAT). Each attempt takes a hit from its pair's throttle
 * before the password is checked (so parallel guesses cannot run past the limit) and a good login
 * gives it back, so what stays counted is the failures. An address that keeps failing over many
 * phones gives each phone a smaller allowance (AddressFailures): its guesses are held to a few
 * per phone, and a member's right password from it is still checked and let in.
 */
export class Login {
  private readonly addresses: AddressFailures;

  constructor(private readonly deps: { db: Kysely<DB>; country: Country; sessions: Sessions; throttle: Throttle; clock: Clock; passwords: Passwords }) {
    this.addresses = new AddressFailures({ db: deps.db, clock: deps.clock }, LOGIN_LIMITS.address);
  }

  async login(request: LoginRequest, client: { ip: string; userAgent?: string; deviceId?: string | null }): Promise<string> {
    const { db, throttle, passwords } = this.deps;
    const phone = checkPhone(this.deps.country, request.username);
    const accountKey = phone.ok ? phone.phone : request.username;
    const pair = await throttle.take(`login:pair:${accountKey}:${client.ip}`, LOGIN_LIMITS.perPhoneAndAddress, LOGIN_LIMITS.windowMs);
    if (!pair) return refuse('REQUEST_LIMIT');
    const tickets = [pair];
    if (await this.addresses.troubled(client.ip)) {
      const troubled = await throttle.take(`login:troubled-pair:${accountKey}:${client.ip}`, LOGIN_LIMITS.perPhoneFromTroubledAddress, LOGIN_LIMITS.windowMs);
      if (!troubled) {
        await throttle.giveBack(pair);
        return refuse('REQUEST_LIMIT');
      }
      tickets.push(troubled);
    }

    const member = phone.ok
      ? await db.selectFrom('member').select(['id', 'password_hash', 'status']).where('username', '=', phone.phone).executeTakeFirst()
      : undefined;
    const matches = await passwords.verify(member?.password_hash ?? (await passwords.dummyHash()), request.password);
    if (!member || !matches) {
      await this.addresses.failed(client.ip);
      return refuse('WRONG_CREDENTIAL');
    }
    await Promise.all(tickets.map((ticket) => throttle.giveBack(ticket)));
    if (member.status !== 'active') refuse('INACTIVE_USER');
    return this.deps.sessions.create(member.id, { persistent: request.remember === true, ip: client.ip, userAgent: client.userAgent, deviceId: client.deviceId });
  }
}
