import { assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import {
  DEFAULT_LAOS_CURRENCY,
  DELAYS,
  ENGLISH_NAME_BANKS,
  MEMBER_PASSWORD_MIN_LENGTH,
  PHONE_LENGTH_TH,
  type Country,
  type Currency,
} from '../src/contract/constants';
import type { LimitPeriod } from '../src/contract/saferPlay';
import { parseLimitValue } from './limitChangeMachine';

/**
 * The registration wizard of SPEC sections 4 and 5: 0 phone, 1 OTP, 2 profile, 3 bank, and (issue
 * 31) 4 a deposit limit offered once the account exists: nothing pre-filled, the member may skip
 * it; set, it applies at once (`setDepositLimit` logs the new member in and sets it).
 * Framework-free: the network calls are the actors `loadOptions`, `sendOtp`, `verifyOtp`,
 * `validateProfile`, `createAccount` and `setDepositLimit`, and the effects on the page are the actions
 * `notifyRegistered`, `redirectToLogin` and `forgetInviteCode`; the app and the tests supply
 * them with `registrationMachine.provide(...)`. A failed actor rejects with an error whose
 * `code` is the server's message (SPEC section 8); the view translates it.
 */

/** The server refuses a second code within this many seconds (REQUEST_LIMIT_1MIN). */
export const OTP_RESEND_SECONDS = 60;
export const OTP_CODE_LENGTH = 6;

export type FieldError = 'required' | 'phoneLength' | 'otpLength' | 'passwordShort' | 'passwordMismatch' | 'englishOnly' | 'notPositive' | 'tooManyDecimals';
export type ProfileField = 'name' | 'password' | 'confirmPassword';
export type BankField = 'bankCode' | 'firstName' | 'lastName' | 'bankAccountNo' | 'currency' | 'sourceCode' | 'inviteCode';
export type FieldName = 'phone' | 'otpCode' | ProfileField | BankField | 'depositLimit';
export type FieldErrors = Partial<Record<FieldName, FieldError>>;

export interface RegistrationOptions {
  registerOTP: boolean;
}
export interface OtpSent {
  otpRef: string;
  otpToken: string;
  code: 'OK' | 'OTP_VERIFIED';
}

/** The body of POST /api/otp/send. */
export interface OtpSendRequest {
  phoneNumber: string;
  /** The token of the code this client holds for the number: the server answers OTP_VERIFIED only to its holder. */
  otpToken?: string;
}

/** The body of POST /api/account/validate. */
export interface ValidationRequest {
  name: string;
  username: string;
  password: string;
  sourceCode?: string;
  inviteCode?: string;
  otpToken?: string;
}
/** The body of POST /api/account (SPEC section 3, registration payload). */
export interface RegistrationRequest extends ValidationRequest {
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
  currency?: Currency;
}

/** The deposit limit of the last step, sent with the new member's own session. */
export interface DepositLimitRequest {
  username: string;
  password: string;
  period: LimitPeriod;
  value: number;
}

export interface RegistrationInput {
  country: Country;
  /** An invite code already stored on this device (from `/register?code=`); shown read-only. */
  inviteCode?: string | null;
  resendSeconds?: number;
}

export interface RegistrationContext {
  country: Country;
  registerOTP: boolean;
  phone: string;
  /** The code sent and not yet verified: for which number, its reference and token. */
  pendingOtp: { phone: string; ref: string; token: string } | null;
  /** The number that passed OTP; its token goes with validate and create (the server registers nobody without it). */
  verified: { phone: string; token: string } | null;
  otpCode: string;
  resendSeconds: number;
  resendSecondsLeft: number;
  profile: Record<ProfileField, string>;
  bank: { bankCode: string; firstName: string; lastName: string; bankAccountNo: string; currency: Currency | null; sourceCode: string; inviteCode: string };
  inviteCodeLocked: boolean;
  /** The offered deposit limit: a period and an amount the member types (never pre-filled). */
  depositLimit: { period: LimitPeriod; amount: string };
  /** The limit the member set, to say so on the last screen; null: skipped. */
  limitSet: { period: LimitPeriod; value: number } | null;
  fieldErrors: FieldErrors;
  serverError: string | null;
}

export type RegistrationEvent =
  | { type: 'options.retry' }
  | { type: 'phone.changed'; phone: string }
  | { type: 'phone.submitted' }
  | { type: 'otp.changed'; code: string }
  | { type: 'otp.submitted' }
  | { type: 'otp.resend' }
  | { type: 'profile.changed'; field: ProfileField; value: string }
  | { type: 'profile.submitted' }
  | { type: 'bank.changed'; field: BankField; value: string }
  | { type: 'bank.submitted' }
  | { type: 'limit.periodChanged'; period: LimitPeriod }
  | { type: 'limit.amountChanged'; amount: string }
  | { type: 'limit.submitted' }
  | { type: 'limit.skipped' }
  | { type: 'step.back' };

/* ---------- rules (pure, shared by guards and error messages) ---------- */

/**
 * A phone is its digits: spaces, dashes, a '+' or a stray letter typed or pasted ("081-234 5678",
 * "+856 20 5555 1234") are dropped (the server reads 856 as Laos' country code).
 */
export const phoneDigits = (phone: string): string => phone.replace(/[^0-9]/g, '');

/** SPEC section 5: outside Laos exactly 10 digits; in Laos the server checks the mobile prefixes. */
export function phoneErrors(country: Country, phone: string): FieldErrors {
  const digits = phoneDigits(phone);
  if (!digits) return { phone: 'required' };
  if (country !== 'LA' && !new RegExp(`^[0-9]{${PHONE_LENGTH_TH}}$`).test(digits)) return { phone: 'phoneLength' };
  return {};
}

export function otpErrors(code: string): FieldErrors {
  if (!code) return { otpCode: 'required' };
  return code.length === OTP_CODE_LENGTH ? {} : { otpCode: 'otpLength' };
}

/**
 * SPEC section 5: name, password and its confirmation required; the two passwords equal. The
 * server's length rule is said here too, before the call (PASSWORD_TOO_SHORT otherwise).
 */
export function profileErrors(profile: Record<ProfileField, string>): FieldErrors {
  const errors: FieldErrors = {};
  if (!profile.name.trim()) errors.name = 'required';
  if (!profile.password) errors.password = 'required';
  else if (profile.password.length < MEMBER_PASSWORD_MIN_LENGTH) errors.password = 'passwordShort';
  if (!profile.confirmPassword) errors.confirmPassword = 'required';
  else if (profile.password && profile.password !== profile.confirmPassword) errors.confirmPassword = 'passwordMismatch';
  return errors;
}

export const needsEnglishName = (bankCode: string): boolean => (ENGLISH_NAME_BANKS as readonly string[]).includes(bankCode);
/** English letters and spaces only (SPEC section 5, KTB, TMB and BBL). */
export const isEnglishName = (name: string): boolean => /^[A-Za-z\s]+$/.test(name);

/** SPEC section 5: bank, first name, last name and account number required; KTB, TMB, BBL names in English. */
export function bankErrors(bank: RegistrationContext['bank']): FieldErrors {
  const errors: FieldErrors = {};
  if (!bank.bankCode) errors.bankCode = 'required';
  for (const field of ['firstName', 'lastName'] as const) {
    const value = bank[field].trim();
    if (!value) errors[field] = 'required';
    else if (needsEnglishName(bank.bankCode) && !isEnglishName(value)) errors[field] = 'englishOnly';
  }
  if (!bank.bankAccountNo.trim()) errors.bankAccountNo = 'required';
  return errors;
}

/** A kip wallet's limit is whole kip (the server's AMOUNT_STEP); baht takes two decimals. */
const wholeAmounts = (context: Pick<RegistrationContext, 'country' | 'bank'>): boolean => context.country === 'LA' && context.bank.currency !== 'BAHT';

/** The deposit limit's amount: required once the member chose to set one (skipping is its own button). */
export function depositLimitErrors(context: Pick<RegistrationContext, 'country' | 'bank' | 'depositLimit'>): FieldErrors {
  const parsed = parseLimitValue(context.depositLimit.amount, wholeAmounts(context));
  if ('value' in parsed) return {};
  return { depositLimit: parsed.error === 'unchanged' ? 'notPositive' : parsed.error };
}

const isEmpty = (errors: FieldErrors) => Object.keys(errors).length === 0;

/** The code a rejected actor carries: an ApiError's `code`, or the message of anything else. */
export const errorCodeOf = (error: unknown): string => {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string' && error.code) return error.code;
  return 'INTERNAL_SERVER_ERROR';
};

const optional = (value: string) => value.trim() || undefined;

/** The number to send a code to, with the token of the code this client already holds for it, if any. */
export const otpSendRequest = (context: RegistrationContext): OtpSendRequest => {
  const phoneNumber = phoneDigits(context.phone);
  const held = context.pendingOtp?.phone === phoneNumber ? context.pendingOtp.token : context.verified?.phone === phoneNumber ? context.verified.token : '';
  return held ? { phoneNumber, otpToken: held } : { phoneNumber };
};

export const validationRequest = (context: RegistrationContext): ValidationRequest => ({
  name: context.profile.name.trim(),
  username: phoneDigits(context.phone),
  password: context.profile.password,
  sourceCode: optional(context.bank.sourceCode),
  inviteCode: optional(context.bank.inviteCode),
  otpToken: context.verified?.token || undefined,
});

export const registrationRequest = (context: RegistrationContext): RegistrationRequest => ({
  ...validationRequest(context),
  bankCode: context.bank.bankCode,
  // SPEC section 3: first and last name joined by a space.
  bankAccountName: `${context.bank.firstName.trim()} ${context.bank.lastName.trim()}`,
  bankAccountNo: context.bank.bankAccountNo.replace(/[\s-]/g, ''),
  currency: context.country === 'LA' ? (context.bank.currency ?? DEFAULT_LAOS_CURRENCY) : undefined,
});

const notProvided = (name: string) => () => Promise.reject(new Error(`registrationMachine: provide the '${name}' actor`));

/**
 * How the profile and bank steps take a server refusal: an unverified phone goes back to the
 * phone step, a refused stored invite code is unlocked and forgotten, anything else is shown.
 */
const serverRefused = () =>
  [
    {
      guard: { type: 'failedWith', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, code: 'UNVERIFIED_OTP' }) },
      target: '#registration.phone',
      actions: ['forgetVerification', { type: 'rememberServerError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }],
    },
    {
      guard: { type: 'storedInviteRefused', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
      target: 'editing',
      actions: ['unlockInviteCode', 'forgetInviteCode', { type: 'rememberServerError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }],
    },
    { target: 'editing', actions: { type: 'rememberServerError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } },
  ] as const;

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
  },
  actors: {
    loadOptions: fromPromise<RegistrationOptions>(notProvided('loadOptions')),
    sendOtp: fromPromise<OtpSent, OtpSendRequest>(notProvided('sendOtp')),
    verifyOtp: fromPromise<unknown, { otpToken: string; otpCode: string }>(notProvided('verifyOtp')),
    validateProfile: fromPromise<unknown, ValidationRequest>(notProvided('validateProfile')),
    createAccount: fromPromise<unknown, RegistrationRequest>(notProvided('createAccount')),
    setDepositLimit: fromPromise<unknown, DepositLimitRequest>(notProvided('setDepositLimit')),
  },
  actions: {
    /** The success toast. */
    notifyRegistered: () => {},
    /** Off to /login once the success toast has been read, with the phone just registered to prefill. */
    redirectToLogin: (_, _params: { phone: string }) => {},
    /** The stored invite code was refused: forget it on this device. */
    forgetInviteCode: () => {},
    clearErrors: assign({ fieldErrors: {}, serverError: null }),
    rememberServerError: assign({ serverError: (_, params: { error: unknown }) => errorCodeOf(params.error) }),
    setPhone: assign(({ context, event }) => {
      if (event.type !== 'phone.changed') return {};
      const changed = phoneDigits(event.phone) !== phoneDigits(context.phone);
      return {
        phone: event.phone,
        fieldErrors: {},
        serverError: null,
        // A code or a verification belongs to one number.
        ...(changed ? { pendingOtp: null, verified: null, otpCode: '' } : {}),
      };
    }),
    showPhoneErrors: assign({ fieldErrors: ({ context }) => phoneErrors(context.country, context.phone) }),
    storeOtp: assign((_, params: { sent: OtpSent; phone: string }) => ({
      pendingOtp: { phone: params.phone, ref: params.sent.otpRef, token: params.sent.otpToken },
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
    showOtpErrors: assign({ fieldErrors: ({ context }) => otpErrors(context.otpCode) }),
    markVerified: assign(({ context }) => ({
      verified: { phone: phoneDigits(context.phone), token: context.pendingOtp?.token ?? '' },
      pendingOtp: null,
      otpCode: '',
    })),
    /** OTP_VERIFIED on send: the code whose token this client sent back is verified already (a lost verify answer). */
    markVerifiedFromSend: assign(({ context }, params: { sent: OtpSent }) => ({
      verified: { phone: phoneDigits(context.phone), token: params.sent.otpToken },
      pendingOtp: null,
      otpCode: '',
    })),
    forgetVerification: assign({ verified: null, pendingOtp: null }),
    setProfileField: assign(({ context, event }) =>
      event.type === 'profile.changed'
        ? { profile: { ...context.profile, [event.field]: event.value }, fieldErrors: {}, serverError: null }
        : {},
    ),
    showProfileErrors: assign({ fieldErrors: ({ context }) => profileErrors(context.profile) }),
    setBankField: assign(({ context, event }) => {
      if (event.type !== 'bank.changed') return {};
      if (event.field === 'inviteCode' && context.inviteCodeLocked) return {};
      if (event.field === 'currency' && event.value !== 'LAK' && event.value !== 'BAHT') return {};
      // SPEC section 5: names are forced to upper case as they are typed.
      const value = event.field === 'firstName' || event.field === 'lastName' ? event.value.toUpperCase() : event.value;
      return { bank: { ...context.bank, [event.field]: value }, fieldErrors: {}, serverError: null };
    }),
    showBankErrors: assign({ fieldErrors: ({ context }) => bankErrors(context.bank) }),
    setLimitPeriod: assign(({ context, event }) =>
      event.type === 'limit.periodChanged' ? { depositLimit: { ...context.depositLimit, period: event.period }, fieldErrors: {}, serverError: null } : {},
    ),
    setLimitAmount: assign(({ context, event }) =>
      event.type === 'limit.amountChanged' ? { depositLimit: { ...context.depositLimit, amount: event.amount }, fieldErrors: {}, serverError: null } : {},
    ),
    showLimitErrors: assign({ fieldErrors: ({ context }) => depositLimitErrors(context) }),
    unlockInviteCode: assign(({ context }) => ({ inviteCodeLocked: false, bank: { ...context.bank, inviteCode: '' } })),
  },
  guards: {
    otpRequired: ({ context }) => context.registerOTP,
    phoneStepValid: ({ context }) => isEmpty(phoneErrors(context.country, context.phone)),
    /** This number passed OTP already (the member came back to step 0). */
    phoneVerified: ({ context }) => context.verified?.phone === phoneDigits(context.phone),
    /** A code for this number is out and still unverified: no second SMS, the resend countdown decides. */
    otpPendingForPhone: ({ context }) => context.pendingOtp?.phone === phoneDigits(context.phone),
    otpCodeComplete: ({ context }) => isEmpty(otpErrors(context.otpCode)),
    resendCooldownOver: ({ context }) => context.resendSecondsLeft <= 0,
    profileStepValid: ({ context }) => isEmpty(profileErrors(context.profile)),
    bankStepValid: ({ context }) => isEmpty(bankErrors(context.bank)),
    limitStepValid: ({ context }) => isEmpty(depositLimitErrors(context)),
    alreadyVerified: (_, params: { code: string }) => params.code === 'OTP_VERIFIED',
    failedWith: (_, params: { error: unknown; code: string }) => errorCodeOf(params.error) === params.code,
    storedInviteRefused: ({ context }, params: { error: unknown }) =>
      context.inviteCodeLocked && errorCodeOf(params.error) === 'INVALID_INVITE_CODE',
  },
  delays: {
    resendTick: 1_000,
    loginRedirect: DELAYS.registrationRedirectMs,
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => {
    const inviteCode = input.inviteCode?.trim() ?? '';
    const resendSeconds = input.resendSeconds ?? OTP_RESEND_SECONDS;
    return {
      country: input.country,
      registerOTP: true,
      phone: '',
      pendingOtp: null,
      verified: null,
      otpCode: '',
      resendSeconds,
      resendSecondsLeft: 0,
      profile: { name: '', password: '', confirmPassword: '' },
      bank: {
        bankCode: '',
        firstName: '',
        lastName: '',
        bankAccountNo: '',
        currency: input.country === 'LA' ? DEFAULT_LAOS_CURRENCY : null,
        sourceCode: '',
        inviteCode,
      },
      inviteCodeLocked: Boolean(inviteCode),
      // Issue 31: no amount is suggested; a day is the period most members think in.
      depositLimit: { period: 'day', amount: '' },
      limitSet: null,
      fieldErrors: {},
      serverError: null,
    };
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadOptions',
        onDone: { target: 'phone', actions: assign({ registerOTP: ({ event }) => event.output.registerOTP }) },
        onError: { target: 'loadFailed', actions: { type: 'rememberServerError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'options.retry': { target: 'loading', actions: 'clearErrors' } },
    },

    phone: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'phone.changed': { actions: 'setPhone' },
            'phone.submitted': [
              { guard: not('phoneStepValid'), actions: 'showPhoneErrors' },
              // SPEC section 4: without OTP, the phone step goes straight to the profile.
              { guard: not('otpRequired'), target: '#registration.profile' },
              { guard: 'phoneVerified', target: '#registration.profile' },
              { guard: 'otpPendingForPhone', target: '#registration.otp' },
              { target: 'sendingOtp', actions: 'clearErrors' },
            ],
          },
        },
        sendingOtp: {
          invoke: {
            src: 'sendOtp',
            input: ({ context }) => otpSendRequest(context),
            onDone: [
              // SPEC section 4: OTP_VERIFIED skips the OTP step.
              {
                guard: { type: 'alreadyVerified', params: ({ event }) => ({ code: event.output.code }) },
                target: '#registration.profile',
                actions: { type: 'markVerifiedFromSend', params: ({ event }) => ({ sent: event.output }) },
              },
              {
                target: '#registration.otp',
                actions: [
                  { type: 'storeOtp', params: ({ context, event }) => ({ sent: event.output, phone: phoneDigits(context.phone) }) },
                  'restartResendCountdown',
                ],
              },
            ],
            onError: { target: 'editing', actions: { type: 'rememberServerError', params: ({ event }) => ({ error: event.error }) } },
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
                src: 'verifyOtp',
                input: ({ context }) => ({ otpToken: context.pendingOtp?.token ?? '', otpCode: context.otpCode }),
                onDone: { target: '#registration.profile', actions: 'markVerified' },
                onError: [
                  // A second tap after a slow answer: the code is verified already.
                  {
                    guard: { type: 'failedWith', params: ({ event }) => ({ error: event.error, code: 'OTP_VERIFIED' }) },
                    target: '#registration.profile',
                    actions: 'markVerified',
                  },
                  {
                    target: 'entering',
                    actions: [{ type: 'rememberServerError', params: ({ event }) => ({ error: event.error }) }, 'clearOtpCode'],
                  },
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
                src: 'sendOtp',
                input: ({ context }) => otpSendRequest(context),
                onDone: [
                  {
                    guard: { type: 'alreadyVerified', params: ({ event }) => ({ code: event.output.code }) },
                    target: '#registration.profile',
                    actions: { type: 'markVerifiedFromSend', params: ({ event }) => ({ sent: event.output }) },
                  },
                  {
                    target: 'coolingDown',
                    actions: [
                      { type: 'storeOtp', params: ({ context, event }) => ({ sent: event.output, phone: phoneDigits(context.phone) }) },
                      'restartResendCountdown',
                    ],
                  },
                ],
                onError: [
                  // The server counts the minute from its own clock: wait another full one.
                  {
                    guard: { type: 'failedWith', params: ({ event }) => ({ error: event.error, code: 'REQUEST_LIMIT_1MIN' }) },
                    target: 'coolingDown',
                    actions: [{ type: 'rememberServerError', params: ({ event }) => ({ error: event.error }) }, 'restartResendCountdown'],
                  },
                  { target: 'ready', actions: { type: 'rememberServerError', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
          },
        },
      },
    },

    profile: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'profile.changed': { actions: 'setProfileField' },
            'profile.submitted': [
              { guard: not('profileStepValid'), actions: 'showProfileErrors' },
              { target: 'validating', actions: 'clearErrors' },
            ],
            'step.back': { target: '#registration.phone', actions: 'clearErrors' },
          },
        },
        validating: {
          invoke: {
            src: 'validateProfile',
            input: ({ context }) => validationRequest(context),
            onDone: { target: '#registration.bank' },
            onError: serverRefused(),
          },
        },
      },
    },

    bank: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'bank.changed': { actions: 'setBankField' },
            'bank.submitted': [
              { guard: not('bankStepValid'), actions: 'showBankErrors' },
              { target: 'creating', actions: 'clearErrors' },
            ],
            'step.back': { target: '#registration.profile', actions: 'clearErrors' },
          },
        },
        creating: {
          invoke: {
            src: 'createAccount',
            input: ({ context }) => registrationRequest(context),
            onDone: { target: '#registration.depositLimit' },
            onError: serverRefused(),
          },
        },
      },
    },

    // Issue 31: the account exists; a deposit limit is offered, never pre-filled, and may be skipped.
    depositLimit: {
      initial: 'offered',
      states: {
        offered: {
          on: {
            'limit.periodChanged': { actions: 'setLimitPeriod' },
            'limit.amountChanged': { actions: 'setLimitAmount' },
            'limit.submitted': [
              { guard: not('limitStepValid'), actions: 'showLimitErrors' },
              { target: 'setting', actions: 'clearErrors' },
            ],
            'limit.skipped': { target: '#registration.registered', actions: 'clearErrors' },
          },
        },
        setting: {
          invoke: {
            src: 'setDepositLimit',
            input: ({ context }) => ({
              username: phoneDigits(context.phone),
              password: context.profile.password,
              period: context.depositLimit.period,
              value: (parseLimitValue(context.depositLimit.amount, wholeAmounts(context)) as { value: number }).value,
            }),
            onDone: {
              target: '#registration.registered',
              actions: assign({
                limitSet: ({ context }) => ({
                  period: context.depositLimit.period,
                  value: (parseLimitValue(context.depositLimit.amount, wholeAmounts(context)) as { value: number }).value,
                }),
              }),
            },
            // The account is made either way: the member may try again or skip.
            onError: { target: 'offered', actions: { type: 'rememberServerError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },

    // SPEC section 4: a success toast, then /login after 2 s.
    registered: {
      entry: 'notifyRegistered',
      after: { loginRedirect: { target: 'done' } },
    },
    done: {
      type: 'final',
      entry: { type: 'redirectToLogin', params: ({ context }) => ({ phone: phoneDigits(context.phone) }) },
    },
  },
});

export type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>;
export type RegistrationStep = 0 | 1 | 2 | 3 | 4;

/** The wizard step a snapshot shows: 0 phone, 1 OTP, 2 profile, 3 bank, 4 deposit limit (and the registered screen). */
export function registrationStep(snapshot: RegistrationSnapshot): RegistrationStep {
  if (snapshot.matches('otp')) return 1;
  if (snapshot.matches('profile')) return 2;
  if (snapshot.matches('bank')) return 3;
  if (snapshot.matches('depositLimit') || snapshot.matches('registered') || snapshot.matches('done')) return 4;
  return 0;
}
