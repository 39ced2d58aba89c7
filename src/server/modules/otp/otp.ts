import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Country, Locale } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { refuse } from '../../errors';
import type { SmsSender } from '../../providers/sms';
import type { Throttle } from '../../throttle/throttle';
import { internationalPhone } from '../../phone';
import { codeHash, newCode, newRef, newToken, sha256 } from './codes';
import { otpSmsText } from './sms-text';

export const OTP_POLICY = {
  codeTtlMs: 5 * 60_000,
  /** Wrong codes allowed per code; the last one blocks the phone. */
  maxWrongTries: 5,
  blockMs: 15 * 60_000,
  resendAfterMs: 60_000,
  /** How long a verified code may register its phone (and send answers OTP_VERIFIED to its holder). */
  verifiedForMs: 30 * 60_000,
  dayMs: 24 * 3600_000,
  dailyPerPhone: 10,
  /** Generous: mobile networks put many members behind one address. */
  dailyPerIp: 50,
} as const;

export type OtpPolicy = { [K in keyof typeof OTP_POLICY]: number };

export interface SentOtp {
  otpRef: string;
  otpToken: string;
  code: 'OK' | 'OTP_VERIFIED';
}

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Phone verification for registration (password resets have their own codes: reset-codes.ts). A code is 6 random digits, valid 5 minutes, with at
 * most 5 wrong tries before the phone is blocked for 15 minutes; a phone gets one code per
 * 60 s and a daily number of codes, and an address a daily number too. Every limit is taken
 * by a single conditional statement, so several processes (or parallel requests) agree.
 */
export class Otp {
  private readonly policy: OtpPolicy;

  constructor(
    private readonly deps: { db: Kysely<DB>; clock: Clock; sms: SmsSender; throttle: Throttle; country: Country },
    policy: Partial<OtpPolicy> = {},
  ) {
    this.policy = { ...OTP_POLICY, ...policy };
  }

  /**
   * `phone` is already in its stored form (see checkPhone); `otpToken` is the token of a code this
   * client holds for it, if any; the SMS is written in `language`.
   */
  async send(phone: string, ip: string, otpToken?: string, language?: Locale): Promise<SentOtp> {
    const { db, clock, throttle } = this.deps;
    const now = clock.now();
    const member = await db.selectFrom('member').select('id').where('username', '=', phone).executeTakeFirst();
    if (member) refuse('EXISTING_USER');
    await this.refuseWhenBlocked(phone, now);

    // A phone verified a moment ago skips the OTP step (SPEC section 4), but only for the client
    // that verified it and proves so with its token: anyone else typing the number (behind the
    // same carrier NAT, say) gets a fresh code sent to the phone, not the verification.
    const verified = otpToken ? await this.recentlyVerified(db, phone, otpToken) : undefined;
    if (verified) return { otpRef: verified.ref, otpToken: otpToken!, code: 'OTP_VERIFIED' };

    const resendFrom = new Date(now.getTime() - this.policy.resendAfterMs);
    const reserved = await db
      .insertInto('otp_phone')
      .values({ phone, last_sent_at: now, blocked_until: null })
      .onConflict((oc) => oc.column('phone').doUpdateSet({ last_sent_at: now }).where('otp_phone.last_sent_at', '<=', resendFrom))
      .returning('phone')
      .executeTakeFirst();
    if (!reserved) return refuse('REQUEST_LIMIT_1MIN');

    const perPhone = await throttle.take(`otp:phone:${phone}`, this.policy.dailyPerPhone, this.policy.dayMs);
    if (!perPhone) return refuse('REQUEST_LIMIT');
    const perIp = await throttle.take(`otp:ip:${ip}`, this.policy.dailyPerIp, this.policy.dayMs);
    if (!perIp) {
      await throttle.giveBack(perPhone);
      return refuse('REQUEST_LIMIT');
    }

    const code = newCode();
    const token = newToken();
    const ref = newRef();
    const id = randomUUID();
    await db.transaction().execute(async (trx) => {
      // Only the newest code of a phone works (of registration's: a reset code is not touched).
      await trx.updateTable('otp').set({ expires_at: now })
        .where('phone', '=', phone).where('purpose', '=', 'register').where('verified_at', 'is', null).where('expires_at', '>', now).execute();
      await trx
        .insertInto('otp')
        .values({
          id, phone, ref, token_hash: sha256(token), code_hash: codeHash(token, code), request_ip: ip,
          created_at: now, expires_at: new Date(now.getTime() + this.policy.codeTtlMs),
          verified_at: null, verified_ip: null, consumed_at: null,
        })
        .execute();
    });

    try {
      await this.deps.sms.send({ to: internationalPhone(this.deps.country, phone), text: otpSmsText(this.deps.country, language, code, ref), code });
    } catch {
      // Nothing reached the member: let them ask again at once.
      await db.updateTable('otp').set({ expires_at: now }).where('id', '=', id).execute();
      await db.updateTable('otp_phone').set({ last_sent_at: resendFrom }).where('phone', '=', phone).execute();
      refuse('OTP_SEND_FAIL');
    }
    return { otpRef: ref, otpToken: token, code: 'OK' };
  }

  async verify(token: string, code: string, ip: string): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const otp = await db.selectFrom('otp').selectAll().where('token_hash', '=', sha256(token)).where('purpose', '=', 'register').executeTakeFirst();
    if (!otp) return refuse('OTP_TOKEN_INVALID');
    await this.refuseWhenBlocked(otp.phone, now);
    if (otp.verified_at) refuse('OTP_VERIFIED');
    if (otp.expires_at.getTime() <= now.getTime()) refuse('OTP_EXPIRED');

    // Take the try before comparing, so parallel guesses cannot exceed the allowance.
    const tried = await db
      .updateTable('otp')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', otp.id)
      .where('attempts', '<', this.policy.maxWrongTries)
      .returning('attempts')
      .executeTakeFirst();
    if (!tried) {
      await this.block(otp.phone, now);
      return refuse('OTP_BLOCK');
    }

    const expected = Buffer.from(otp.code_hash, 'hex');
    const given = Buffer.from(codeHash(token, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      if (tried.attempts >= this.policy.maxWrongTries) await this.block(otp.phone, now);
      refuse('OTP_CODE_INVALID');
    }
    await db.updateTable('otp').set({ verified_at: now, verified_ip: ip }).where('id', '=', otp.id).where('verified_at', 'is', null).execute();
  }

  /**
   * The verification that lets this phone register: the code of this token, issued for this phone,
   * verified within the last 30 minutes and not yet used. Only its token proves it: an address is
   * shared by everyone behind a carrier NAT or a proxy.
   */
  async recentlyVerified(db: Db, phone: string, otpToken: string): Promise<{ id: string; ref: string } | undefined> {
    const since = new Date(this.deps.clock.now().getTime() - this.policy.verifiedForMs);
    return db
      .selectFrom('otp')
      .select(['id', 'ref'])
      .where('token_hash', '=', sha256(otpToken))
      .where('purpose', '=', 'register')
      .where('phone', '=', phone)
      .where('verified_at', '>', since)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
  }

  /** Uses up a verification inside the registration's transaction; false when another registration took it. */
  async consume(trx: Db, id: string): Promise<boolean> {
    const row = await trx
      .updateTable('otp')
      .set({ consumed_at: this.deps.clock.now() })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return !!row;
  }

  private async refuseWhenBlocked(phone: string, now: Date) {
    const state = await this.deps.db.selectFrom('otp_phone').select('blocked_until').where('phone', '=', phone).executeTakeFirst();
    if (state?.blocked_until && state.blocked_until.getTime() > now.getTime()) refuse('OTP_BLOCK');
  }

  private async block(phone: string, now: Date) {
    const until = new Date(now.getTime() + this.policy.blockMs);
    await this.deps.db
      .insertInto('otp_phone')
      .values({ phone, last_sent_at: now, blocked_until: until })
      .onConflict((oc) => oc.column('phone').doUpdateSet({ blocked_until: until }))
      .execute();
  }
}
