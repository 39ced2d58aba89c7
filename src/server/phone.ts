import type { Country, ErrorCode } from '../contract';
import { refuse } from './errors';

export type PhoneCheck = { ok: true; phone: string } | { ok: false; code: ErrorCode };

const LAO_MOBILE = /^0(20[0-9]{8}|30[0-9]{7})$/;
const THAI_PHONE = /^0[0-9]{9}$/;

/**
 * A phone number as the member typed it, in the one form we store and log in with.
 * Thailand: exactly 10 digits starting with 0 (SPEC section 5). Laos: a mobile number,
 * 020 + 8 digits or 030 + 7 digits, typed with or without the leading 0 or +856.
 */
export function checkPhone(country: Country, input: string): PhoneCheck {
  const typed = input.trim().replace(/[\s-]/g, '');
  if (country === 'TH') {
    return THAI_PHONE.test(typed) ? { ok: true, phone: typed } : { ok: false, code: 'PHONE_NUMBER_REQUIRE_10_DIGIT' };
  }
  let digits = typed.replace(/^\+/, '');
  if (digits.startsWith('856')) digits = digits.slice(3);
  if (!digits.startsWith('0')) digits = `0${digits}`;
  return LAO_MOBILE.test(digits) ? { ok: true, phone: digits } : { ok: false, code: 'INVALID_PHONE_NUMBER' };
}

export function normalisePhone(country: Country, input: string): string {
  const check = checkPhone(country, input);
  return check.ok ? check.phone : refuse(check.code);
}

/** The stored form in E.164, as SMS gateways want it. */
export function internationalPhone(country: Country, phone: string): string {
  return `${country === 'TH' ? '+66' : '+856'}${phone.replace(/^0/, '')}`;
}
