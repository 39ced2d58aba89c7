import { ENGLISH_NAME_BANKS } from '../../../contract';
import { refuse } from '../../errors';
import type { Lookups } from '../lookup/lookups';

const ENGLISH_NAME = /^[A-Z]+( [A-Z]+)*$/;

/** Upper case (SPEC section 5 forces names upper case) with single spaces. */
export const normaliseAccountName = (name: string) => name.trim().replace(/\s+/g, ' ').toUpperCase();
/** Digits only: '123-4-56789-0' and '1234567890' are one account. */
export const normaliseAccountNo = (no: string) => no.replace(/[\s-]/g, '');

export const needsEnglishName = (bankCode: string) => (ENGLISH_NAME_BANKS as readonly string[]).includes(bankCode);
export const isEnglishName = (name: string) => ENGLISH_NAME.test(normaliseAccountName(name));

export interface BankDetails {
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
}

/**
 * Bank details as the member typed them, checked and in stored form: a bank of the country's
 * list (INVALID_BANK), an account number of 6 to 20 digits (INVALID_BANK), and for KTB, TMB and
 * BBL a name of English letters and spaces (BANK_ACCOUNT_NAME_ENG). Fields not given yet (the
 * validate step) are left out of the check.
 */
export async function checkBankFields(lookups: Lookups, input: { bankCode: string; bankAccountName?: string; bankAccountNo?: string }) {
  if (!(await lookups.bank(input.bankCode))) refuse('INVALID_BANK', 'unknown bank');
  const bankAccountNo = input.bankAccountNo === undefined ? undefined : normaliseAccountNo(input.bankAccountNo);
  if (bankAccountNo !== undefined && !/^[0-9]{6,20}$/.test(bankAccountNo)) refuse('INVALID_BANK', 'account number');
  const bankAccountName = input.bankAccountName === undefined ? undefined : normaliseAccountName(input.bankAccountName);
  if (bankAccountName !== undefined && needsEnglishName(input.bankCode) && !isEnglishName(bankAccountName)) refuse('BANK_ACCOUNT_NAME_ENG');
  return { bankCode: input.bankCode, bankAccountName, bankAccountNo };
}

export async function checkBankDetails(lookups: Lookups, input: BankDetails): Promise<BankDetails> {
  const checked = await checkBankFields(lookups, input);
  return { bankCode: checked.bankCode, bankAccountName: checked.bankAccountName!, bankAccountNo: checked.bankAccountNo! };
}
