import { assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import { MEMBER_PASSWORD_MIN_LENGTH, type Country } from '../src/contract/constants';
import { errorCodeOf, OTP_CODE_LENGTH, OTP_RESEND_SECONDS, otpErrors, phoneDigits, phoneErrors } from './registrationMachine';

/**
 * "Forgot password" from /login (issue 28): the phone, the code the server sent to it by SMS,
 * then the new password twice; done, the member goes to /login with the phone filled in. The
 * server answers the phone step alike whether a member has the number or not, so the flow does
 * too: it always goes on to the code. Framework-free: the calls are the actors `requestCode`,
 * `verifyCode` and `resetPassword`, the effects on the page the actions `notifyReset` and
 * `redirectToLogin`. A failed actor rejects with an error whose `code` is the server's message.
 */

export type ForgotFieldError = 'required' | 'phoneLength' | 'otpLength' | 'passwordShort' | 'passwordMismatch';
export type ForgotField = 'phone' | 'otpCode' | 'password' | 'confirmPassword';
export type ForgotFieldErrors = Partial<Record<ForgotField, ForgotFieldError>>;
export type PasswordField = 'password' | 'confirmPassword';

export interface CodeSent {
  otpRef: string;
  otpToken: string;
}

export interface ForgotPasswordInput {
  country: Country;
  /** A phone already typed on /login. */
  phone?: string;
  resendSeconds?: number;
}

export interface ForgotPasswordContext {
  country: Country;
  phone: string;
  /** The code out for the phone: which number, its reference (shown) and token (sent back). */
  pending: { phone: string; ref: string; token: string } | null;
  /** The token of the code that passed; it sets the new password. */
  verifiedToken: string | null;
  otpCode: string;
  resendSeconds: number;
  resendSecondsLeft: number;
  password: string;
  confirmPassword: string;
  fieldErrors: ForgotFieldErrors;
  serverError: string | null;
}

export type ForgotPasswordEvent =
  | { type: 'phone.changed'; phone: string }
  | { type: 'phone.submitted' }
  | { type: 'otp.changed'; code: string }
  | { type: 'otp.submitted' }
  | { type: 'otp.resend' }
  | { type: 'password.changed'; field: PasswordField; value: string }
  | { type: 'password.submitted' }
  | { type: 'step.back' };

/** The new password: given, at least MEMBER_PASSWORD_MIN_LENGTH characters (the server's rule), typed twice alike. */
export function newPasswordErrors(password: string, confirmPassword: string): ForgotFieldErrors {
  const errors: ForgotFieldErrors = {};
  if (!password) errors.password = 'required';
  else if (password.length < MEMBER_PASSWORD_MIN_LENGTH) errors.password = 'passwordShort';
  if (!confirmPassword) errors.confirmPassword = 'required';
  else if (password && password !== confirmPassword) errors.confirmPassword = 'passwordMismatch';
  return errors;
}

const isEmpty = (errors: object) => Object.keys(errors).length === 0;
const notProvided = (name: string) => () => Promise.reject(new Error(`forgotPasswordMachine: provide the '${name}' actor`));
type Failure = { event: { error: unknown } };
const rememberFailure = { type: 'rememberServerError', params: ({ event }: Failure) => ({ error: event.error }) } as const;

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    input: {} as ForgotPasswordInput,
  },
  actors: {
    requestCode: fromPromise<CodeSent, { phoneNumber: string }>(notProvided('requestCode')),
    verifyCode: fromPromise<unknown, { otpToken: string; otpCode: string }>(notProvided('verifyCode')),
    resetPassword: fromPromise<unknown, { otpToken: string; newPassword: string }>(notProvided('resetPassword')),
  },
  actions: {
    /** The success toast. */
    notifyReset: () => {},
    /** Off to /login, with the phone filled in. */
    redirectToLogin: (_, _params: { phone: string }) => {},
    clearErrors: assign({ fieldErrors: {}, serverError: null }),
    rememberServerError: assign({ serverError: (_, params: { error: unknown }) => errorCodeOf(params.error) }),
    setPhone: assign(({ context, event }) => {
      if (event.type !== 'phone.changed') return {};
      const phone = phoneDigits(event.phone);
      // A code belongs to one number.
      const changed = phone !== context.phone;
      return { phone, fieldErrors: {}, serverError: null, ...(changed ? { pending: null, otpCode: '' } : {}) };
    }),
    showPhoneErrors: assign({ fieldErrors: ({ context }) => phoneErrors(context.country, context.phone) as ForgotFieldErrors }),
    storeCode: assign(({ context }, params: { sent: CodeSent }) => ({
      pending: { phone: context.phone, ref: params.sent.otpRef, token: params.sent.otpToken },
      otpCode: '',
    })),
    restartResendCountdown: assign({ resendSecondsLeft: ({ context }) => context.resendSeconds }),
    tickResendCountdown: assign({ resendSecondsLeft: ({ context }) => Math.max(0, context.resendSecondsLeft - 1) }),
    setOtpCode: assign(({ event }) =>
      event.type === 'otp.changed'
        ? { otpCode: event.code.replace(/[^0-9]/g, '').slice(0, OTP_CODE_LENGTH), fieldErrors: {}, serverError: null }
        : {},
    ),
    clearOtpCode: assign({ otpCode: '' }),
    showOtpErrors: assign({ fieldErrors: ({ context }) => otpErrors(context.otpCode) as ForgotFieldErrors }),
    markVerified: assign(({ context }) => ({ verifiedToken: context.pending?.token ?? null, otpCode: '' })),
    forgetCode: assign({ pending: null, verifiedToken: null, otpCode: '' }),
    setPasswordField: assign(({ event }) =>
      event.type === 'password.changed' ? { [event.field]: event.value, fieldErrors: {}, serverError: null } : {},
    ),
    showPasswordErrors: assign({ fieldErrors: ({ context }) => newPasswordErrors(context.password, context.confirmPassword) }),
  },
  guards: {
    phoneValid: ({ context }) => isEmpty(phoneErrors(context.country, context.phone)),
    /** A code for this number is out: no second SMS, the resend countdown decides. */
    codePendingForPhone: ({ context }) => context.pending?.phone === context.phone,
    otpCodeComplete: ({ context }) => isEmpty(otpErrors(context.otpCode)),
    resendCooldownOver: ({ context }) => context.resendSecondsLeft <= 0,
    passwordValid: ({ context }) => isEmpty(newPasswordErrors(context.password, context.confirmPassword)),
    failedWith: (_, params: { error: unknown; code: string }) => errorCodeOf(params.error) === params.code,
  },
  delays: { resendTick: 1_000 },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({
    country: input.country,
    phone: phoneDigits(input.phone ?? ''),
    pending: null,
    verifiedToken: null,
    otpCode: '',
    resendSeconds: input.resendSeconds ?? OTP_RESEND_SECONDS,
    resendSecondsLeft: 0,
    password: '',
    confirmPassword: '',
    fieldErrors: {},
    serverError: null,
  }),
  initial: 'phone',
  states: {
    phone: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'phone.changed': { actions: 'setPhone' },
            'phone.submitted': [
              { guard: not('phoneValid'), actions: 'showPhoneErrors' },
              { guard: 'codePendingForPhone', target: '#forgotPassword.otp' },
              { target: 'sending', actions: 'clearErrors' },
            ],
          },
        },
        sending: {
          invoke: {
            src: 'requestCode',
            input: ({ context }) => ({ phoneNumber: context.phone }),
            onDone: {
              target: '#forgotPassword.otp',
              actions: [{ type: 'storeCode', params: ({ event }) => ({ sent: event.output }) }, 'restartResendCountdown'],
            },
            onError: { target: 'editing', actions: rememberFailure },
          },
        },
      },
    },

    otp: {
      type: 'parallel',
      on: { 'step.back': { target: 'phone', actions: 'clearErrors' } },
      states: {
        code: {
          initial: 'entering',
          states: {
            entering: {
              on: {
                'otp.changed': { actions: 'setOtpCode' },
                'otp.submitted': [
                  { guard: not('otpCodeComplete'), actions: 'showOtpErrors' },
                  { target: 'verifying', actions: 'clearErrors' },
                ],
              },
            },
            verifying: {
              invoke: {
                src: 'verifyCode',
                input: ({ context }) => ({ otpToken: context.pending?.token ?? '', otpCode: context.otpCode }),
                onDone: { target: '#forgotPassword.newPassword', actions: 'markVerified' },
                onError: [
                  // A second tap after a slow answer: the code passed already.
                  {
                    guard: { type: 'failedWith', params: ({ event }) => ({ error: event.error, code: 'OTP_VERIFIED' }) },
                    target: '#forgotPassword.newPassword',
                    actions: 'markVerified',
                  },
                  { target: 'entering', actions: [rememberFailure, 'clearOtpCode'] },
                ],
              },
            },
          },
        },
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: {
              always: { guard: 'resendCooldownOver', target: 'ready' },
              after: { resendTick: { target: 'coolingDown', reenter: true, actions: 'tickResendCountdown' } },
            },
            ready: {
              on: { 'otp.resend': { target: 'sending', actions: 'clearErrors' } },
            },
            sending: {
              invoke: {
                src: 'requestCode',
                input: ({ context }) => ({ phoneNumber: context.phone }),
                onDone: {
                  target: 'coolingDown',
                  actions: [{ type: 'storeCode', params: ({ event }) => ({ sent: event.output }) }, 'restartResendCountdown'],
                },
                onError: [
                  // The server counts the minute from its own clock: wait another full one.
                  {
                    guard: { type: 'failedWith', params: ({ event }) => ({ error: event.error, code: 'REQUEST_LIMIT_1MIN' }) },
                    target: 'coolingDown',
                    actions: [rememberFailure, 'restartResendCountdown'],
                  },
                  { target: 'ready', actions: rememberFailure },
                ],
              },
            },
          },
        },
      },
    },

    newPassword: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'password.changed': { actions: 'setPasswordField' },
            'password.submitted': [
              { guard: not('passwordValid'), actions: 'showPasswordErrors' },
              { target: 'saving', actions: 'clearErrors' },
            ],
          },
        },
        saving: {
          invoke: {
            src: 'resetPassword',
            input: ({ context }) => ({ otpToken: context.verifiedToken ?? '', newPassword: context.password }),
            onDone: { target: '#forgotPassword.done' },
            onError: [
              // The code's time ran out (or it was used): a new code, from the phone step.
              {
                guard: { type: 'failedWith', params: ({ event }) => ({ error: event.error, code: 'UNVERIFIED_OTP' }) },
                target: '#forgotPassword.phone',
                actions: ['forgetCode', rememberFailure],
              },
              { target: 'editing', actions: rememberFailure },
            ],
          },
        },
      },
    },

    done: {
      type: 'final',
      entry: ['notifyReset', { type: 'redirectToLogin', params: ({ context }) => ({ phone: context.phone }) }],
    },
  },
});

export type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;
export type ForgotPasswordStep = 0 | 1 | 2;

/** The step a snapshot shows: 0 phone, 1 code, 2 new password. */
export const forgotPasswordStep = (snapshot: ForgotPasswordSnapshot): ForgotPasswordStep =>
  snapshot.matches('otp') ? 1 : snapshot.matches('newPassword') || snapshot.matches('done') ? 2 : 0;
