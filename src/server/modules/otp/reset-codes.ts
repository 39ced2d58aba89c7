import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Country, Locale } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { refuse } from '../../errors';
import { internationalPhone } from '../../phone';
import type { SmsSender } from '../../providers/sms';
import type { Throttle, Ticket } from '../../throttle/throttle';
import { codeHash, newCode, newRef, newToken, sha256 } from './codes';
import { resetSmsText } from './sms-text';

export const RESET_CODE_POLICY = {
  codeTtlMs: 5 * 60_000,
  /** Wrong codes allowed per code; after them that code is spent (never the phone: see below). */
  maxWrongTries: 5,
  /**
   * One code per phone and address per this window, read as the shared throttle reads windows
   * (the previous one still counts while it overlaps): a second code is refused for more than
   * 30 s and at most 60 s, so the page's one-minute countdown always ends in a code.
   */
  resendWindowMs: 30_000,
  /** How long a verified code may set the new password. */
  verifiedForMs: 15 * 60_000,
  dayMs: 24 * 3600_000,
  /** Codes a phone gets a day asked from addresses its member never signed in from (SMS flooding). */
  dailyPerPhone: 10,
  /** ... and, counted apart, asked from addresses it did: strangers cannot use these up. */
  dailyPerPhoneKnownAddress: 10,
  /** Generous: mobile networks put many members behind one address. */
  dailyPerIp: 50,
} as const;

export type ResetCodePolicy = { [K in keyof typeof RESET_CODE_POLICY]: number };

export interface ResetCodeRequest {
  /** In its stored form (checkPhone). */
  phone: string;
  ip: string;
  language?: Locale;
  /** Whether a member has this phone: only then does an SMS go, and nothing else differs. */
  registered: boolean;
  /** The member has signed in from this address before: the phone's daily codes are counted apart. */
  knownAddress: boolean;
}

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Codes that reset a forgotten password, sent by SMS to the registered phone and kept as
 * registration's are (codes.ts). The answer never tells whether the phone is registered: an
 * unregistered phone gets the same throttles, the same stored row and the same answer, only
 * no SMS; and the SMS goes out after the answer, so a slow or failing gateway does not tell either.
 *
 * Nothing a stranger does here locks the owner out. Asking for codes changes nothing about the
 * account (the old password still logs in); codes of one phone do not replace each other (each is
 * bound to the token its asker holds, so the owner's code survives a stranger's request); wrong
 * guesses spend only the guesser's code, never block the phone; the per-phone daily allowance
 * of addresses the member signed in from is counted apart from everyone else's.
 */
export class ResetCodes {
  private readonly policy: ResetCodePolicy;
  private readonly deliveries = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      db: Kysely<DB>;
      clock: Clock;
      sms: SmsSender;
      throttle: Throttle;
      country: Country;
      /** Where a failed delivery is reported: the member hears nothing of it. */
      onDeliveryFailed: (error: unknown) => void;
    },
    policy: Partial<ResetCodePolicy> = {},
  ) {
    this.policy = { ...RESET_CODE_POLICY, ...policy };
  }

  async send(request: ResetCodeRequest): Promise<{ otpRef: string; otpToken: string }> {
    const { db, clock } = this.deps;
    const { phone, ip } = request;
    const now = clock.now();
    const tickets = await this.takeAllowances(request);

    const code = newCode();
    const token = newToken();
    const ref = newRef();
    await db
      .insertInto('otp')
      .values({
        id: randomUUID(), phone, ref, purpose: 'reset', token_hash: sha256(token), code_hash: codeHash(token, code), request_ip: ip,
        created_at: now, expires_at: new Date(now.getTime() + this.policy.codeTtlMs),
        verified_at: null, verified_ip: null, consumed_at: null,
      })
      .execute();
    if (request.registered) this.deliver(phone, request.language, code, ref, tickets.gap);
    return { otpRef: ref, otpToken: token };
  }

  async verify(token: string, code: string, ip: string): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const row = await db.selectFrom('otp').selectAll().where('token_hash', '=', sha256(token)).where('purpose', '=', 'reset').executeTakeFirst();
    if (!row) return refuse('OTP_TOKEN_INVALID');
    if (row.verified_at) refuse('OTP_VERIFIED');
    if (row.expires_at.getTime() <= now.getTime()) refuse('OTP_EXPIRED');
    // Take the try before comparing, so parallel guesses cannot exceed the allowance.
    const tried = await db
      .updateTable('otp')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', this.policy.maxWrongTries)
      .returning('attempts')
      .executeTakeFirst();
    if (!tried) return refuse('OTP_BLOCK');
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(codeHash(token, code), 'hex');
    if (!timingSafeEqual(expected, given)) refuse('OTP_CODE_INVALID');
    await db.updateTable('otp').set({ verified_at: now, verified_ip: ip }).where('id', '=', row.id).where('verified_at', 'is', null).execute();
  }

  /** The verified, unused code of this token, within its time to set the new password. */
  async verified(db: Db, token: string): Promise<{ id: string; phone: string } | undefined> {
    const since = new Date(this.deps.clock.now().getTime() - this.policy.verifiedForMs);
    return db
      .selectFrom('otp')
      .select(['id', 'phone'])
      .where('token_hash', '=', sha256(token))
      .where('purpose', '=', 'reset')
      .where('verified_at', '>', since)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
  }

  /** Uses the code up inside the reset's transaction; false when another reset took it. */
  async consume(trx: Db, id: string): Promise<boolean> {
    const row = await trx
      .updateTable('otp')
      .set({ consumed_at: this.deps.clock.now() })
      .where('id', '=', id)
      .where('purpose', '=', 'reset')
      .where('consumed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return !!row;
  }

  /** Resolves when every SMS handed to the gateway so far has been answered (the app closes after it). */
  async settled(): Promise<void> {
    await Promise.all([...this.deliveries]);
  }

  /**
   * The throttles, each a single conditional statement so that processes agree: the resend gap of
   * this phone from this address, the phone's daily codes (counted apart for the member's own
   * addresses), the address's daily codes. A refusal gives back what was already taken.
   */
  private async takeAllowances(request: ResetCodeRequest): Promise<{ gap: Ticket }> {
    const { throttle } = this.deps;
    const { phone, ip } = request;
    const gap = await throttle.take(`reset:gap:${phone}:${ip}`, 1, this.policy.resendWindowMs);
    if (!gap) return refuse('REQUEST_LIMIT_1MIN');
    const perPhone = request.knownAddress
      ? await throttle.take(`reset:phone-known:${phone}`, this.policy.dailyPerPhoneKnownAddress, this.policy.dayMs)
      : await throttle.take(`reset:phone:${phone}`, this.policy.dailyPerPhone, this.policy.dayMs);
    if (!perPhone) {
      await throttle.giveBack(gap);
      return refuse('REQUEST_LIMIT');
    }
    const perIp = await throttle.take(`reset:ip:${ip}`, this.policy.dailyPerIp, this.policy.dayMs);
    if (!perIp) {
      await Promise.all([throttle.giveBack(gap), throttle.giveBack(perPhone)]);
      return refuse('REQUEST_LIMIT');
    }
    return { gap };
  }

  /**
   * Hands the SMS over after the answer has gone. A failure is reported and lets the member ask
   * again at once (the gap is given back); what the member sees is the same either way.
   */
  private deliver(phone: string, language: Locale | undefined, code: string, ref: string, gap: Ticket) {
    const { sms, country, throttle } = this.deps;
    const delivery: Promise<void> = Promise.resolve()
      .then(() => sms.send({ to: internationalPhone(country, phone), text: resetSmsText(country, language, code, ref), code }))
      .catch(async (error: unknown) => {
        this.deps.onDeliveryFailed(error);
        await throttle.giveBack(gap).catch(() => undefined);
      })
      .finally(() => this.deliveries.delete(delivery));
    this.deliveries.add(delivery);
  }
}
