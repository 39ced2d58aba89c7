import { fromPromise } from 'xstate';
import type { CodeSent } from '../../../../machines/forgotPasswordMachine';
import { call, endpoints } from '../../api';

/** The forgot-password machine's calls, on the real API. Failures reject with ApiError (its `code`). */
export const forgotPasswordActors = {
  requestCode: fromPromise<CodeSent, { phoneNumber: string }>(({ input }) => call(endpoints.passwordForgot, { body: input })),
  verifyCode: fromPromise<unknown, { otpToken: string; otpCode: string }>(({ input }) => call(endpoints.passwordVerify, { body: input })),
  resetPassword: fromPromise<unknown, { otpToken: string; newPassword: string }>(({ input }) => call(endpoints.passwordReset, { body: input })),
};
