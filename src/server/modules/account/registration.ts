import type { Kysely } from 'kysely';
import { INVITE_CODE_PREFIX, type BodyOf, type Country, type Currency, type endpoints } from '../../../contract';
import type { DB } from '../../db/schema';
import { uniqueViolation } from '../../db/errors';
import { refuse } from '../../errors';
import { openMemberAccounts } from '../../ledger/member-accounts';
import type { Lookups } from '../lookup/lookups';
import type { Otp } from '../otp/otp';
import { checkBankDetails, checkBankFields } from './bank-details';
import { checkNewPassword, type Passwords } from './passwords';
import { normalisePhone } from '../../phone';

export type RegistrationInput = BodyOf<typeof endpoints.accountCreate>;
export type ValidationInput = BodyOf<typeof endpoints.accountValidate>;

interface CheckedProfile {
  phone: string;
  name: string;
  sourceCode: string | null;
  referrerId: number | null;
  /** The OTP verification this registration uses up, when registration asks for OTP. */
  otpId: string | null;
}

/**
 * An invite code exactly as the invite link writes it (SPEC: prefix PR plus the member's id):
 * upper-case PR, the id without leading zeros, nothing around it. One member, one code: a
 * looser reading ('pr7', 'PR007', 'PR7 ') would give every member many codes that count as
 * theirs. Nine digits at most keep the id inside the database's integer.
 */
const INVITE_CODE = new RegExp(`^${INVITE_CODE_PREFIX}([1-9][0-9]{0,8})$`);

/**
 * Registration (SPEC sections 4 and 5): `validate` checks the profile step (and whatever bank
 * details are already there) without writing; `register` checks everything again and creates
 * the member with its wallet and game accounts in one transaction. Uniqueness of the phone and
 * of the bank account is the database's: a race past the checks still ends as EXISTING_USER or
 * EXISTING_BANK through the unique constraints.
 */
export class Registration {
  constructor(private readonly deps: { db: Kysely<DB>; country: Country; lookups: Lookups; otp: Otp; passwords: Passwords }) {}

  async validate(input: ValidationInput): Promise<void> {
    await this.checkProfile(input);
    if (input.bankCode) {
      const bank = await checkBankFields(this.deps.lookups, { ...input, bankCode: input.bankCode });
      if (bank.bankAccountNo) await this.refuseTakenBank({ bankCode: bank.bankCode, bankAccountNo: bank.bankAccountNo });
    }
  }

  async register(input: RegistrationInput): Promise<{ memberId: number }> {
    const profile = await this.checkProfile(input);
    const bank = await checkBankDetails(this.deps.lookups, input);
    await this.refuseTakenBank(bank);
    const currency = this.currencyOf(input.currency);
    const passwordHash = await this.deps.passwords.hash(input.password);
    const { db, otp } = this.deps;
    try {
      return await db.transaction().execute(async (trx) => {
        const member = await trx
          .insertInto('member')
          .values({
            username: profile.phone,
            name: profile.name,
            password_hash: passwordHash,
            country: this.deps.country,
            currency,
            bank_code: bank.bankCode,
            bank_account_name: bank.bankAccountName,
            bank_account_no: bank.bankAccountNo,
            source_code: profile.sourceCode,
            referrer_id: profile.referrerId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (profile.otpId && !(await otp.consume(trx, profile.otpId))) refuse('UNVERIFIED_OTP', 'verification already used');
        await openMemberAccounts(trx, member.id);
        return { memberId: member.id };
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'member_bank_account_unique') refuse('EXISTING_BANK');
      if (constraint !== undefined && constraint.startsWith('member_username')) refuse('EXISTING_USER');
      throw error;
    }
  }

  private async checkProfile(input: ValidationInput): Promise<CheckedProfile> {
    const { db, lookups, otp } = this.deps;
    const phone = normalisePhone(this.deps.country, input.username);
    checkNewPassword(input.password);
    const existing = await db.selectFrom('member').select('id').where('username', '=', phone).executeTakeFirst();
    if (existing) refuse('EXISTING_USER');

    let otpId: string | null = null;
    if (await lookups.registerOTP()) {
      // The verified OTP token issued to this client, for this phone, used once (consumed on create).
      const verified = input.otpToken ? await otp.recentlyVerified(db, phone, input.otpToken) : undefined;
      if (!verified) refuse('UNVERIFIED_OTP');
      otpId = verified!.id;
    }

    const sourceCode = input.sourceCode?.trim() || null;
    if (sourceCode && !(await lookups.sources()).some((s) => s.code === sourceCode)) refuse('INVALID_USER_INFO', 'unknown source');

    let referrerId: number | null = null;
    const inviteCode = input.inviteCode;
    if (inviteCode) {
      const match = INVITE_CODE.exec(inviteCode);
      const referrer = match
        ? await db.selectFrom('member').select('id').where('id', '=', Number(match[1])).executeTakeFirst()
        : undefined;
      if (!referrer) refuse('INVALID_INVITE_CODE');
      referrerId = referrer!.id;
    }
    return { phone, name: input.name, sourceCode, referrerId, otpId };
  }

  /** Thailand: baht only. Laos: LAK or BAHT, LAK when not given (SPEC section 9). */
  private currencyOf(requested: Currency | undefined): Currency {
    if (this.deps.country === 'TH') {
      if (requested && requested !== 'BAHT') refuse('INVALID_USER_INFO', 'currency');
      return 'BAHT';
    }
    return requested ?? 'LAK';
  }

  /** A friendly early answer; the unique constraint still decides under a race. */
  private async refuseTakenBank(bank: { bankCode: string; bankAccountNo: string }) {
    const taken = await this.deps.db
      .selectFrom('member')
      .select('id')
      .where('bank_code', '=', bank.bankCode)
      .where('bank_account_no', '=', bank.bankAccountNo)
      .executeTakeFirst();
    if (taken) refuse('EXISTING_BANK');
  }
}
