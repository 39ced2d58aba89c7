import { fromPromise } from 'xstate';
import type { OtpSendRequest, OtpSent, RegistrationOptions, RegistrationRequest, ValidationRequest } from '../../../../machines/registrationMachine';
import { call, endpoints } from '../../api';

/** The registration machine's calls, on the real API. Failures reject with ApiError (its `code`). */
export const registrationActors = {
  loadOptions: fromPromise<RegistrationOptions>(() => call(endpoints.lookupRegisterOTP)),
  sendOtp: fromPromise<OtpSent, OtpSendRequest>(({ input }) => call(endpoints.otpSend, { body: input })),
  verifyOtp: fromPromise<unknown, { otpToken: string; otpCode: string }>(({ input }) => call(endpoints.otpVerify, { body: input })),
  validateProfile: fromPromise<unknown, ValidationRequest>(({ input }) => call(endpoints.accountValidate, { body: input })),
  createAccount: fromPromise<unknown, RegistrationRequest>(({ input }) => call(endpoints.accountCreate, { body: input })),
};
