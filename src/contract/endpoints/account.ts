import { z } from 'zod';
import { endpoint, MINUTE_MS } from '../endpoint';
import { LAOS_CURRENCIES } from '../constants';
import { RESTRICTION_REASONS } from '../saferPlay';
import { bankName } from './lookup';
import { isoDate, ok } from './common';

const tag = 'account';

/** A phone number as typed: digits, optionally after a '+'. Its length per country is the server's rule. */
export const phoneNumber = z.string().min(1).max(20).regex(/^\+?[0-9]+$/);
export const password = z.string().min(1).max(100);
export const personName = z.string().trim().min(1).max(200);
export const bankAccountName = z.string().trim().min(1).max(200);
export const bankAccountNo = z.string().trim().min(1).max(30);
const optionalCode = z.string().max(100).optional();

export const profile = z.object({ _id: z.string(), username: z.string(), name: z.string(), createdAt: isoDate });
export const bankAccount = z.object({
  bankCode: z.string(),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  bank: bankName,
});

/** The registration payload of SPEC section 3. */
export const registration = z.object({
  name: personName,
  username: phoneNumber,
  password,
  sourceCode: optionalCode,
  inviteCode: optionalCode,
  bankCode: z.string().min(1).max(20),
  bankAccountName,
  bankAccountNo,
  currency: z.enum(LAOS_CURRENCIES).optional().describe('Laos only'),
  otpToken: z.string().max(200).optional().describe('the verified OTP token, when registration asks for OTP'),
});

export const login = endpoint({
  method: 'POST', path: '/api/login', access: 'public', tag, closedWithService: true,
  summary: 'Log in with phone number and password; returns a bearer token',
  body: z.object({
    username: phoneNumber,
    password,
    remember: z.boolean().optional().describe('true: a persistent session (remember me); otherwise session-only'),
  }),
  response: z.object({
    token: z.string(),
    restriction: z.object({
      reason: z.enum(RESTRICTION_REASONS),
      until: isoDate.nullable(),
    }).optional().describe('safer play: the member is on a break, self-excluded or past a session limit; the session is withdraw-only (WITHDRAW_ONLY_ENDPOINTS) until `until` (null: for good)'),
  }),
  // Sized for a carrier address many members share: failures are limited per phone in the domain.
  rateLimit: { per: 'address', max: 300, windowMs: MINUTE_MS },
});

export const logout = endpoint({
  method: 'POST', path: '/api/logout', access: 'member', tag,
  summary: "End the session of the caller's bearer token",
  response: ok,
});

export const accountValidate = endpoint({
  method: 'POST', path: '/api/account/validate', access: 'public', tag, closedWithService: true,
  summary: 'Check the profile step of registration (bank details may still be missing)',
  body: registration.omit({ currency: true }).partial({ bankCode: true, bankAccountName: true, bankAccountNo: true }),
  response: ok,
  rateLimit: { per: 'address', max: 60, windowMs: MINUTE_MS },
});

export const accountCreate = endpoint({
  method: 'POST', path: '/api/account', access: 'public', tag, closedWithService: true,
  summary: 'Register a member',
  body: registration,
  response: ok,
  rateLimit: { per: 'address', max: 20, windowMs: MINUTE_MS },
});

export const accountProfile = endpoint({
  method: 'GET', path: '/api/account/profile', access: 'member', tag,
  summary: "The member's profile and bank account",
  response: z.object({ profile, bankAccount }),
});

export const accountProfileUpdate = endpoint({
  method: 'PUT', path: '/api/account/profile', access: 'member', tag,
  summary: "Change the member's name and bank account",
  body: z.object({ name: personName, bankCode: z.string().min(1).max(20), bankAccountName, bankAccountNo }),
  response: z.object({ profile, bankAccount }),
});

export const accountBankAccountName = endpoint({
  method: 'PUT', path: '/api/account/bankAccountName', access: 'member', tag,
  summary: "Rewrite the member's bank account name (in English for KTB, TMB, BBL)",
  body: z.object({ bankCode: z.string().min(1).max(20), bankAccountName }),
  response: z.object({ bankAccount }),
});

export const accountChangePassword = endpoint({
  method: 'PUT', path: '/api/account/changepwd', access: 'member', tag,
  summary: "Change the member's password",
  body: z.object({ oldPassword: password, newPassword: password }),
  response: ok,
});

/** The product's addition: agreement acceptance is recorded per member and agreement version. */
export const accountAgreement = endpoint({
  method: 'GET', path: '/api/account/agreement', access: 'member', tag,
  summary: 'The current agreement version and whether the member has accepted it',
  response: z.object({ version: z.number().int(), accepted: z.boolean() }),
});

export const accountAgreementAccept = endpoint({
  method: 'POST', path: '/api/account/agreement', access: 'member', tag,
  summary: 'Record that the member accepted the current agreement version',
  body: z.object({ version: z.number().int().min(1) }),
  response: ok,
});

export const accountEndpoints = {
  login,
  logout,
  accountValidate,
  accountCreate,
  accountProfile,
  accountProfileUpdate,
  accountBankAccountName,
  accountChangePassword,
  accountAgreement,
  accountAgreementAccept,
};
