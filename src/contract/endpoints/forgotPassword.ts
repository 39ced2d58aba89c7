import { z } from 'zod';
import { endpoint, MINUTE_MS } from '../endpoint';
import { password, phoneNumber } from './account';
import { ok } from './common';

const tag = 'account';

const otpToken = z.string().min(1).max(200);

/**
 * A forgotten password, reset with a code sent by SMS to the registered phone (the product's
 * addition, issue 28): the phone, then the code, then the new password. Every answer is the
 * same whether the phone is registered or not.
 */
export const passwordForgot = endpoint({
  method: 'POST', path: '/api/account/password/forgot', access: 'public', tag, closedWithService: true,
  summary: "Send a password reset code by SMS to the phone, when a member has it, in the caller's Accept-Language; the answer is the same either way",
  body: z.object({ phoneNumber }),
  response: z.object({ otpRef: z.string(), otpToken: z.string() }),
  rateLimit: { per: 'address', max: 20, windowMs: MINUTE_MS },
});

export const passwordVerify = endpoint({
  method: 'POST', path: '/api/account/password/verify', access: 'public', tag, closedWithService: true,
  summary: 'Check the reset code sent by SMS (5 wrong codes spend it)',
  body: z.object({ otpToken, otpCode: z.string().min(1).max(10).regex(/^[0-9]+$/) }),
  response: z.object({ message: z.literal('OTP_CODE_VALID') }),
  rateLimit: { per: 'address', max: 30, windowMs: MINUTE_MS },
});

export const passwordReset = endpoint({
  method: 'POST', path: '/api/account/password/reset', access: 'public', tag, closedWithService: true,
  summary: "Set a new password with a verified reset code (within 15 minutes, once); every session of the member ends",
  body: z.object({ otpToken, newPassword: password }),
  response: ok,
  rateLimit: { per: 'address', max: 20, windowMs: MINUTE_MS },
});

export const forgotPasswordEndpoints = { passwordForgot, passwordVerify, passwordReset };
