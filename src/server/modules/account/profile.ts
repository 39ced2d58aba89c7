import type { Kysely } from 'kysely';
import type { BodyOf, Locale, ResponseOf, endpoints } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { uniqueViolation } from '../../db/errors';
import { refuse } from '../../errors';
import type { MemberIdentity } from '../../http/member-guard';
import type { Settings } from '../../settings/settings';
import type { Sessions } from '../sessions/sessions';
import type { Throttle } from '../../throttle/throttle';
import type { Lookups } from '../lookup/lookups';
import { checkBankDetails, isEnglishName, needsEnglishName, normaliseAccountName, normaliseAccountNo } from './bank-details';
import { checkNewPassword, type Passwords } from './passwords';

type ProfileAnswer = ResponseOf<typeof endpoints.accountProfile>;

/** Wrong old passwords allowed per member in 15 minutes when changing the password. */
export const CHANGE_PASSWORD_LIMIT = { wrong: 10, windowMs: 15 * 60_000 } as const;

/**
 * The member's own profile and bank account. Every call works on the member of the session
 * (request.member), never on an id from the request.
 */
export class Profiles {
  constructor(
    private readonly deps: { db: Kysely<DB>; lookups: Lookups; settings: Settings; sessions: Sessions; throttle: Throttle; clock: Clock; passwords: Passwords },
  ) {}

  async get(memberId: number, language?: Locale): Promise<ProfileAnswer> {
    const m = await this.deps.db
      .selectFrom('member')
      .select(['id', 'username', 'name', 'created_at', 'bank_code', 'bank_account_name', 'bank_account_no'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    return {
      profile: { _id: String(m.id), username: m.username, name: m.name, createdAt: m.created_at.toISOString() },
      bankAccount: {
        bankCode: m.bank_code,
        bankAccountName: m.bank_account_name,
        bankAccountNo: m.bank_account_no,
        bank: await this.deps.lookups.bankName(m.bank_code, language),
      },
    };
  }

  /**
   * The name can always change. The bank account is where withdrawals go, so changing it here
   * needs the operator's `account.memberMayChangeBank` (off by default; refused with
   * INVALID_BANK); sending the stored details back unchanged is fine.
   */
  async update(memberId: number, input: BodyOf<typeof endpoints.accountProfileUpdate>, language?: Locale): Promise<ProfileAnswer> {
    const { db, lookups, settings } = this.deps;
    const current = await db.selectFrom('member').select(['bank_code', 'bank_account_name', 'bank_account_no']).where('id', '=', memberId).executeTakeFirstOrThrow();
    const changesBank =
      input.bankCode !== current.bank_code ||
      normaliseAccountNo(input.bankAccountNo) !== current.bank_account_no ||
      normaliseAccountName(input.bankAccountName) !== current.bank_account_name;
    if (changesBank && !(await settings.get('account.memberMayChangeBank', false))) refuse('INVALID_BANK', 'bank changes are closed');
    const bank = changesBank
      ? await checkBankDetails(lookups, input)
      : { bankCode: current.bank_code, bankAccountName: current.bank_account_name, bankAccountNo: current.bank_account_no };
    try {
      await db
        .updateTable('member')
        .set({ name: input.name, bank_code: bank.bankCode, bank_account_name: bank.bankAccountName, bank_account_no: bank.bankAccountNo })
        .where('id', '=', memberId)
        .execute();
    } catch (error) {
      if (uniqueViolation(error) === 'member_bank_account_unique') refuse('EXISTING_BANK');
      throw error;
    }
    return this.get(memberId, language);
  }

  /**
   * SPEC section 4: offered for KTB, TMB and BBL when the stored name is not in English letters;
   * the new name must be (BANK_ACCOUNT_NAME_ENG). Another bank, or a bank code that is not the
   * member's, is INVALID_BANK; a name already in English cannot be rewritten here (INVALID_USER_INFO).
   */
  async rewriteBankAccountName(memberId: number, input: BodyOf<typeof endpoints.accountBankAccountName>, language?: Locale) {
    const { db } = this.deps;
    const current = await db.selectFrom('member').select(['bank_code', 'bank_account_name']).where('id', '=', memberId).executeTakeFirstOrThrow();
    if (input.bankCode !== current.bank_code || !needsEnglishName(current.bank_code)) refuse('INVALID_BANK', 'not an English-name bank of the member');
    if (isEnglishName(current.bank_account_name)) refuse('INVALID_USER_INFO', 'name already in English');
    const name = normaliseAccountName(input.bankAccountName);
    if (!isEnglishName(name)) refuse('BANK_ACCOUNT_NAME_ENG');
    await db.updateTable('member').set({ bank_account_name: name }).where('id', '=', memberId).execute();
    return { bankAccount: (await this.get(memberId, language)).bankAccount };
  }

  /** WRONG_PASSWORD for a wrong old password (throttled); on success every other session ends. */
  async changePassword(member: MemberIdentity, input: BodyOf<typeof endpoints.accountChangePassword>): Promise<void> {
    const { db, throttle, sessions, clock, passwords } = this.deps;
    const ticket = await throttle.take(`changepwd:${member.memberId}`, CHANGE_PASSWORD_LIMIT.wrong, CHANGE_PASSWORD_LIMIT.windowMs);
    if (!ticket) return refuse('REQUEST_LIMIT');
    const row = await db.selectFrom('member').select('password_hash').where('id', '=', member.memberId).executeTakeFirstOrThrow();
    if (!(await passwords.verify(row.password_hash, input.oldPassword))) refuse('WRONG_PASSWORD');
    await throttle.giveBack(ticket);
    checkNewPassword(input.newPassword);
    const hash = await passwords.hash(input.newPassword);
    await db.updateTable('member').set({ password_hash: hash, password_changed_at: clock.now() }).where('id', '=', member.memberId).execute();
    await sessions.revokeOthers(member.memberId, member.sessionId);
  }
}
