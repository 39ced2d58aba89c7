import type { Kysely } from 'kysely';
import type { Country, Locale } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { refuse } from '../../errors';
import { normalisePhone } from '../../phone';
import type { ResetCodes } from '../otp/reset-codes';
import type { Sessions } from '../sessions/sessions';
import { checkNewPassword, type Passwords } from './passwords';

/** An address the member signed in from within this long is the member's own (ResetCodes' allowances). */
export const KNOWN_ADDRESS_MS = 90 * 24 * 3600_000;

/**
 * "Forgot password" (issue 28): the phone, a code sent by SMS to it, then the new password,
 * which ends every session of the member. Whether a member has the phone shows in nothing the
 * caller gets back (ResetCodes); a phone typed wrong is refused by its format alone.
 */
export class PasswordReset {
  constructor(
    private readonly deps: { db: Kysely<DB>; country: Country; codes: ResetCodes; sessions: Sessions; passwords: Passwords; clock: Clock },
  ) {}

  async request(phoneNumber: string, client: { ip: string; language?: Locale }) {
    const { db, codes, sessions } = this.deps;
    const phone = normalisePhone(this.deps.country, phoneNumber);
    const member = await db.selectFrom('member').select('id').where('username', '=', phone).executeTakeFirst();
    const knownAddress = member ? await sessions.signedInFrom(member.id, client.ip, KNOWN_ADDRESS_MS) : false;
    return codes.send({ phone, ip: client.ip, language: client.language, registered: member !== undefined, knownAddress });
  }

  verify(otpToken: string, otpCode: string, ip: string): Promise<void> {
    return this.deps.codes.verify(otpToken, otpCode, ip);
  }

  /** Sets the new password; every session of the member ends. Returns whose password it was. */
  async reset(otpToken: string, newPassword: string): Promise<{ memberId: number }> {
    const { db, codes, passwords, sessions, clock } = this.deps;
    checkNewPassword(newPassword);
    const verified = await codes.verified(db, otpToken);
    if (!verified) return refuse('UNVERIFIED_OTP');
    // No member only when a guess hit the code of an unregistered phone: as if unverified.
    const member = await db.selectFrom('member').select('id').where('username', '=', verified.phone).executeTakeFirst();
    if (!member) return refuse('UNVERIFIED_OTP');
    const hash = await passwords.hash(newPassword);
    await db.transaction().execute(async (trx) => {
      if (!(await codes.consume(trx, verified.id))) refuse('UNVERIFIED_OTP');
      await trx.updateTable('member').set({ password_hash: hash, password_changed_at: clock.now() }).where('id', '=', member.id).execute();
    });
    await sessions.revokeAll(member.id);
    return { memberId: member.id };
  }
}
