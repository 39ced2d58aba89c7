import { fromPromise } from 'xstate';
import type {
  DepositLimitRequest,
  OtpSendRequest,
  OtpSent,
  RegistrationOptions,
  RegistrationRequest,
  ValidationRequest,
} from '../../../../machines/registrationMachine';
import { call, endpoints } from '../../api';
import { callLanguage } from '../../api/answers';
import { connectivity } from '../../api/connectivity';
import { createHttp } from '../../api/http';
import { deviceId } from '../../auth/deviceId';

/**
 * Issue 31: the deposit limit offered at registration is set with the new member's own session
 * (the contract's way): a login kept inside this call, never stored, so the wizard still ends on
 * /login as before, and that session is ended once the limit is set.
 */
async function setDepositLimit({ username, password, period, value }: DepositLimitRequest): Promise<unknown> {
  const { token } = await call(endpoints.login, { body: { username, password } });
  const ownSession = createHttp({ tokenSource: () => token, onSessionEnd: () => undefined, language: callLanguage, deviceId, connection: connectivity });
  const status = await ownSession.call(endpoints.saferPlayLimitSet, { params: { kind: 'deposit', period }, body: { value } });
  await ownSession.call(endpoints.logout).catch(() => undefined);
  return status;
}

/** The registration machine's calls, on the real API. Failures reject with ApiError (its `code`). */
export const registrationActors = {
  loadOptions: fromPromise<RegistrationOptions>(() => call(endpoints.lookupRegisterOTP)),
  sendOtp: fromPromise<OtpSent, OtpSendRequest>(({ input }) => call(endpoints.otpSend, { body: input })),
  verifyOtp: fromPromise<unknown, { otpToken: string; otpCode: string }>(({ input }) => call(endpoints.otpVerify, { body: input })),
  validateProfile: fromPromise<unknown, ValidationRequest>(({ input }) => call(endpoints.accountValidate, { body: input })),
  createAccount: fromPromise<unknown, RegistrationRequest>(({ input }) => call(endpoints.accountCreate, { body: input })),
  setDepositLimit: fromPromise<unknown, DepositLimitRequest>(({ input }) => setDepositLimit(input)),
};
