import { z } from 'zod';
import { endpoint, MINUTE_MS } from '../endpoint';
import { phoneNumber } from './account';

const tag = 'otp';

export const otpSend = endpoint({
  method: 'POST', path: '/api/otp/send', access: 'public', tag, closedWithService: true,
  summary: "Send an OTP code by SMS, written in the caller's Accept-Language (th, lo or en); code OTP_VERIFIED (only to the client that sends back the token it verified) skips the OTP step",
  body: z.object({
    phoneNumber,
    otpToken: z.string().max(200).optional().describe('the token of a code this client sent for this number; answered OTP_VERIFIED when that code is verified'),
  }),
  response: z.object({ otpRef: z.string(), otpToken: z.string(), code: z.enum(['OK', 'OTP_VERIFIED']) }),
  rateLimit: { per: 'address', max: 20, windowMs: MINUTE_MS },
});

export const otpVerify = endpoint({
  method: 'POST', path: '/api/otp/verify', access: 'public', tag, closedWithService: true,
  summary: 'Verify the code sent by SMS',
  body: z.object({ otpToken: z.string().min(1).max(200), otpCode: z.string().min(1).max(10).regex(/^[0-9]+$/) }),
  response: z.object({ message: z.literal('OTP_CODE_VALID') }),
  rateLimit: { per: 'address', max: 30, windowMs: MINUTE_MS },
});

export const otpEndpoints = { otpSend, otpVerify };
