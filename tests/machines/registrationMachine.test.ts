import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  OTP_RESEND_SECONDS,
  phoneDigits,
  registrationMachine,
  registrationStep,
  type DepositLimitRequest,
  type OtpSendRequest,
  type OtpSent,
  type RegistrationInput,
  type RegistrationRequest,
  type RegistrationOptions,
  type ValidationRequest,
} from '../../machines/registrationMachine';

/** A rejected call as the api layer makes it: an error carrying the server's code. */
class CodedError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** A promise the test settles by hand, so every in-between state can be looked at. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets resolved fake actors report back to the machine. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

interface Script {
  registerOTP?: boolean;
  send?: (phoneNumber: string, otpToken?: string) => Promise<OtpSent>;
  verify?: (input: { otpToken: string; otpCode: string }) => Promise<unknown>;
  validate?: (request: ValidationRequest) => Promise<unknown>;
  create?: (request: RegistrationRequest) => Promise<unknown>;
  setLimit?: (request: DepositLimitRequest) => Promise<unknown>;
}

/** The machine with fake actors that record their calls, on a simulated clock. */
function start(script: Script = {}, input: Partial<RegistrationInput> = {}) {
  const calls = {
    send: [] as string[],
    /** The token each send carried back (undefined when the client held none for the number). */
    sendTokens: [] as (string | undefined)[],
    verify: [] as { otpToken: string; otpCode: string }[],
    validate: [] as ValidationRequest[],
    create: [] as RegistrationRequest[],
    limits: [] as DepositLimitRequest[],
    toasts: 0,
    redirects: 0,
    redirectedWith: [] as { phone: string }[],
    forgottenInvites: 0,
  };
  let sent = 0;
  const machine = registrationMachine.provide({
    actors: {
      loadOptions: fromPromise<RegistrationOptions>(async () => ({ registerOTP: script.registerOTP ?? true })),
      sendOtp: fromPromise<OtpSent, OtpSendRequest>(({ input: { phoneNumber, otpToken } }) => {
        calls.send.push(phoneNumber);
        calls.sendTokens.push(otpToken);
        sent += 1;
        return script.send ? script.send(phoneNumber, otpToken) : Promise.resolve({ otpRef: `REF${sent}`, otpToken: `token-${sent}`, code: 'OK' });
      }),
      verifyOtp: fromPromise<unknown, { otpToken: string; otpCode: string }>(({ input: request }) => {
        calls.verify.push(request);
        return script.verify ? script.verify(request) : Promise.resolve({ message: 'OTP_CODE_VALID' });
      }),
      validateProfile: fromPromise<unknown, ValidationRequest>(({ input: request }) => {
        calls.validate.push(request);
        return script.validate ? script.validate(request) : Promise.resolve({ message: 'OK' });
      }),
      createAccount: fromPromise<unknown, RegistrationRequest>(({ input: request }) => {
        calls.create.push(request);
        return script.create ? script.create(request) : Promise.resolve({ message: 'OK' });
      }),
      setDepositLimit: fromPromise<unknown, DepositLimitRequest>(({ input: request }) => {
        calls.limits.push(request);
        return script.setLimit ? script.setLimit(request) : Promise.resolve({});
      }),
    },
    actions: {
      notifyRegistered: () => void (calls.toasts += 1),
      redirectToLogin: (_, params: { phone: string }) => {
        calls.redirects += 1;
        calls.redirectedWith.push(params);
      },
      forgetInviteCode: () => void (calls.forgottenInvites += 1),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: { country: 'TH', ...input }, clock });
  actor.start();
  const step = () => registrationStep(actor.getSnapshot());
  const context = () => actor.getSnapshot().context;
  /** Moves the clock a second at a time, as the page's countdown lives through it. */
  const advanceSeconds = (seconds: number) => {
    for (let i = 0; i < seconds; i += 1) clock.increment(1_000);
  };
  return { actor, clock, calls, step, context, advanceSeconds };
}

type Run = ReturnType<typeof start>;

const PHONE = '0812345678';

async function passPhone(run: Run, phone = PHONE) {
  await settle();
  run.actor.send({ type: 'phone.changed', phone });
  run.actor.send({ type: 'phone.submitted' });
  await settle();
}

async function passOtp(run: Run, code = '123456') {
  run.actor.send({ type: 'otp.changed', code });
  run.actor.send({ type: 'otp.submitted' });
  await settle();
}

async function passProfile(run: Run, profile = { name: 'Somchai Jaidee', password: 'secret1', confirmPassword: 'secret1' }) {
  for (const [field, value] of Object.entries(profile)) {
    run.actor.send({ type: 'profile.changed', field: field as 'name' | 'password' | 'confirmPassword', value });
  }
  run.actor.send({ type: 'profile.submitted' });
  await settle();
}

function fillBank(run: Run, bank: { bankCode: string; firstName: string; lastName: string; bankAccountNo: string }) {
  for (const [field, value] of Object.entries(bank)) {
    run.actor.send({ type: 'bank.changed', field: field as 'bankCode', value });
  }
}

describe('registration wizard: the phone step', () => {
  it('starts on step 0 once the OTP setting is known', async () => {
    const run = start();
    expect(run.actor.getSnapshot().matches('loading')).toBe(true);
    await settle();
    expect(run.actor.getSnapshot().matches({ phone: 'editing' })).toBe(true);
    expect(run.step()).toBe(0);
  });

  it('outside Laos needs exactly 10 digits, spaces and dashes aside', async () => {
    const run = start();
    await settle();
    run.actor.send({ type: 'phone.submitted' });
    expect(run.context().fieldErrors).toEqual({ phone: 'required' });
    run.actor.send({ type: 'phone.changed', phone: '081234567' });
    expect(run.context().fieldErrors).toEqual({});
    run.actor.send({ type: 'phone.submitted' });
    expect(run.context().fieldErrors).toEqual({ phone: 'phoneLength' });
    run.actor.send({ type: 'phone.changed', phone: '08123456789' });
    run.actor.send({ type: 'phone.submitted' });
    expect(run.context().fieldErrors).toEqual({ phone: 'phoneLength' });
    expect(run.calls.send).toEqual([]);
    run.actor.send({ type: 'phone.changed', phone: '081-234 5678' });
    run.actor.send({ type: 'phone.submitted' });
    await settle();
    expect(run.calls.send).toEqual(['0812345678']);
    // A '+', spaces, dashes or letters pasted with the number are not part of it.
    expect(phoneDigits('+856 20-5555 1234')).toBe('8562055551234');
    expect(phoneDigits('tel: 081 234 5678')).toBe('0812345678');
    expect(run.step()).toBe(1);
  });

  it('in Laos leaves the length to the server', async () => {
    const run = start({}, { country: 'LA' });
    await passPhone(run, '2055551234');
    expect(run.calls.send).toEqual(['2055551234']);
    expect(run.step()).toBe(1);
  });

  it('shows the server refusal and stays on the phone step', async () => {
    const run = start({ send: () => Promise.reject(new CodedError('EXISTING_USER')) });
    await passPhone(run);
    expect(run.actor.getSnapshot().matches({ phone: 'editing' })).toBe(true);
    expect(run.context().serverError).toBe('EXISTING_USER');
    run.actor.send({ type: 'phone.changed', phone: '0812345679' });
    expect(run.context().serverError).toBeNull();
  });
});

describe('registration wizard: OTP branches', () => {
  it('OTP disabled: the phone step goes straight to the profile, no SMS', async () => {
    const run = start({ registerOTP: false });
    await passPhone(run);
    expect(run.step()).toBe(2);
    expect(run.calls.send).toEqual([]);
    await passProfile(run);
    expect(run.calls.validate[0].otpToken).toBeUndefined();
  });

  it('OTP_VERIFIED from send skips the OTP step with the token the server gives back', async () => {
    const run = start({ send: async () => ({ otpRef: 'AB12', otpToken: 'held-token', code: 'OTP_VERIFIED' }) });
    await passPhone(run);
    expect(run.step()).toBe(2);
    expect(run.context().verified).toEqual({ phone: PHONE, token: 'held-token' });
    await passProfile(run);
    expect(run.calls.validate[0].otpToken).toBe('held-token');
  });

  it('a first send for a number carries no token: the client holds none for it', async () => {
    const run = start();
    await passPhone(run);
    expect(run.calls.sendTokens).toEqual([undefined]);
  });

  it('a resend carries the pending token; OTP_VERIFIED (a verify answer that was lost) goes on with that token to create', async () => {
    const run = start({
      send: async (_phone, otpToken) =>
        otpToken ? { otpRef: 'REF1', otpToken, code: 'OTP_VERIFIED' } : { otpRef: 'REF1', otpToken: 'token-1', code: 'OK' },
    });
    await passPhone(run);
    expect(run.step()).toBe(1);
    run.advanceSeconds(OTP_RESEND_SECONDS);
    run.actor.send({ type: 'otp.resend' });
    await settle();
    expect(run.calls.sendTokens).toEqual([undefined, 'token-1']);
    expect(run.step()).toBe(2);
    expect(run.context().verified).toEqual({ phone: PHONE, token: 'token-1' });
    await passProfile(run);
    fillBank(run, { bankCode: 'SCB', firstName: 'somchai', lastName: 'jaidee', bankAccountNo: '1234567890' });
    run.actor.send({ type: 'bank.submitted' });
    await settle();
    expect(run.calls.create[0].otpToken).toBe('token-1');
  });

  it('after the server refuses the verification, the next send for the number carries no token', async () => {
    const run = start({ validate: async () => Promise.reject(new CodedError('UNVERIFIED_OTP')) });
    await passPhone(run);
    await passOtp(run);
    await passProfile(run);
    expect(run.step()).toBe(0);
    run.actor.send({ type: 'phone.submitted' });
    await settle();
    expect(run.calls.sendTokens).toEqual([undefined, undefined]);
  });

  it('shows the reference, verifies the code, and sends the token with validate and create', async () => {
    const run = start();
    await passPhone(run);
    expect(run.context().pendingOtp).toEqual({ phone: PHONE, ref: 'REF1', token: 'token-1' });
    run.actor.send({ type: 'otp.changed', code: '12a3 45' });
    expect(run.context().otpCode).toBe('12345');
    run.actor.send({ type: 'otp.submitted' });
    expect(run.context().fieldErrors).toEqual({ otpCode: 'otpLength' });
    expect(run.calls.verify).toEqual([]);
    run.actor.send({ type: 'otp.changed', code: '1234567' });
    expect(run.context().otpCode).toBe('123456');
    run.actor.send({ type: 'otp.submitted' });
    expect(run.actor.getSnapshot().matches({ otp: { code: 'verifying' } })).toBe(true);
    await settle();
    expect(run.calls.verify).toEqual([{ otpToken: 'token-1', otpCode: '123456' }]);
    expect(run.step()).toBe(2);
    await passProfile(run);
    expect(run.calls.validate[0].otpToken).toBe('token-1');
  });

  it('a wrong code shows the error and clears the box; the right one then passes', async () => {
    const verify = [deferred<unknown>(), deferred<unknown>()];
    let attempt = 0;
    const run = start({ verify: () => verify[attempt++].promise });
    await passPhone(run);
    await passOtp(run, '000000');
    verify[0].reject(new CodedError('OTP_CODE_INVALID'));
    await settle();
    expect(run.actor.getSnapshot().matches({ otp: { code: 'entering' } })).toBe(true);
    expect(run.context().serverError).toBe('OTP_CODE_INVALID');
    expect(run.context().otpCode).toBe('');
    expect(run.step()).toBe(1);

    run.actor.send({ type: 'otp.changed', code: '1' });
    expect(run.context().serverError).toBeNull();
    await passOtp(run, '123456');
    verify[1].resolve({ message: 'OTP_CODE_VALID' });
    await settle();
    expect(run.step()).toBe(2);
    expect(run.calls.verify.map((c) => c.otpCode)).toEqual(['000000', '123456']);
  });

  it('resend waits out a visible 60 s countdown on the machine clock', async () => {
    const run = start();
    await passPhone(run);
    expect(run.context().resendSecondsLeft).toBe(OTP_RESEND_SECONDS);
    expect(run.actor.getSnapshot().matches({ otp: { resend: 'coolingDown' } })).toBe(true);
    expect(run.actor.getSnapshot().can({ type: 'otp.resend' })).toBe(false);

    run.advanceSeconds(1);
    expect(run.context().resendSecondsLeft).toBe(OTP_RESEND_SECONDS - 1);
    run.actor.send({ type: 'otp.resend' });
    expect(run.calls.send).toHaveLength(1);

    run.advanceSeconds(OTP_RESEND_SECONDS - 2);
    expect(run.context().resendSecondsLeft).toBe(1);
    expect(run.actor.getSnapshot().can({ type: 'otp.resend' })).toBe(false);
    run.advanceSeconds(1);
    expect(run.context().resendSecondsLeft).toBe(0);
    expect(run.actor.getSnapshot().matches({ otp: { resend: 'ready' } })).toBe(true);

    run.actor.send({ type: 'otp.resend' });
    await settle();
    expect(run.calls.send).toHaveLength(2);
    expect(run.context().pendingOtp?.ref).toBe('REF2');
    expect(run.context().resendSecondsLeft).toBe(OTP_RESEND_SECONDS);
    // The new code's token is the one verified.
    await passOtp(run);
    expect(run.calls.verify[0].otpToken).toBe('token-2');
  });

  it('REQUEST_LIMIT_1MIN on resend starts another full countdown', async () => {
    let sends = 0;
    const run = start({
      send: async () => {
        sends += 1;
        if (sends === 2) throw new CodedError('REQUEST_LIMIT_1MIN');
        return { otpRef: 'R', otpToken: 't', code: 'OK' };
      },
    });
    await passPhone(run);
    run.advanceSeconds(OTP_RESEND_SECONDS);
    run.actor.send({ type: 'otp.resend' });
    await settle();
    expect(run.context().serverError).toBe('REQUEST_LIMIT_1MIN');
    expect(run.context().resendSecondsLeft).toBe(OTP_RESEND_SECONDS);
    expect(run.actor.getSnapshot().matches({ otp: { resend: 'coolingDown' } })).toBe(true);
  });

  it('back to the phone with the same number does not send a second SMS; a new number does', async () => {
    const run = start();
    await passPhone(run);
    run.actor.send({ type: 'step.back' });
    expect(run.step()).toBe(0);
    await passPhone(run);
    expect(run.step()).toBe(1);
    expect(run.calls.send).toHaveLength(1);
    run.actor.send({ type: 'step.back' });
    await passPhone(run, '0899999999');
    expect(run.calls.send).toEqual([PHONE, '0899999999']);
  });
});

describe('registration wizard: profile step', () => {
  it('requires every field and equal passwords before asking the server', async () => {
    const run = start({ registerOTP: false });
    await passPhone(run);
    run.actor.send({ type: 'profile.submitted' });
    expect(run.context().fieldErrors).toEqual({ name: 'required', password: 'required', confirmPassword: 'required' });
    await passProfile(run, { name: 'A', password: 'secret1', confirmPassword: 'secret2' });
    expect(run.context().fieldErrors).toEqual({ confirmPassword: 'passwordMismatch' });
    expect(run.calls.validate).toEqual([]);
    expect(run.step()).toBe(2);
  });

  it("says the server's password rule (6 characters) before asking it", async () => {
    const run = start({ registerOTP: false });
    await passPhone(run);
    await passProfile(run, { name: 'A', password: '12345', confirmPassword: '12345' });
    expect(run.context().fieldErrors).toEqual({ password: 'passwordShort' });
    expect(run.calls.validate).toEqual([]);
    await passProfile(run, { name: 'A', password: '123456', confirmPassword: '123456' });
    expect(run.calls.validate).toHaveLength(1);
  });

  it('a validation failure stays on the profile with the server code; success goes to the bank', async () => {
    let attempt = 0;
    const run = start({
      registerOTP: false,
      validate: async () => {
        attempt += 1;
        if (attempt === 1) throw new CodedError('INVALID_USER_INFO');
        return { message: 'OK' };
      },
    });
    await passPhone(run);
    await passProfile(run, { name: 'Somchai', password: '123456', confirmPassword: '123456' });
    expect(run.actor.getSnapshot().matches({ profile: 'editing' })).toBe(true);
    expect(run.context().serverError).toBe('INVALID_USER_INFO');
    expect(run.calls.validate[0]).toEqual({ name: 'Somchai', username: PHONE, password: '123456' });

    await passProfile(run, { name: 'Somchai', password: 'secret1', confirmPassword: 'secret1' });
    expect(run.step()).toBe(3);
    run.actor.send({ type: 'step.back' });
    expect(run.step()).toBe(2);
    expect(run.context().profile.name).toBe('Somchai');
  });

  it('an expired verification sends the member back to the phone step', async () => {
    const run = start({ validate: () => Promise.reject(new CodedError('UNVERIFIED_OTP')) });
    await passPhone(run);
    await passOtp(run);
    await passProfile(run);
    expect(run.step()).toBe(0);
    expect(run.context().verified).toBeNull();
    expect(run.context().serverError).toBe('UNVERIFIED_OTP');
  });
});

describe('registration wizard: bank step', () => {
  async function atBank(script: Script = {}, input: Partial<RegistrationInput> = {}) {
    const run = start({ registerOTP: false, ...script }, input);
    await passPhone(run, input.country === 'LA' ? '2055551234' : PHONE);
    await passProfile(run);
    expect(run.step()).toBe(3);
    return run;
  }

  it('requires bank, names and account number, and forces names to upper case', async () => {
    const run = await atBank();
    run.actor.send({ type: 'bank.submitted' });
    expect(run.context().fieldErrors).toEqual({
      bankCode: 'required',
      firstName: 'required',
      lastName: 'required',
      bankAccountNo: 'required',
    });
    run.actor.send({ type: 'bank.changed', field: 'firstName', value: 'somchai' });
    expect(run.context().bank.firstName).toBe('SOMCHAI');
    expect(run.calls.create).toEqual([]);
  });

  it('KTB, TMB and BBL take English letters and spaces only; other banks take Thai', async () => {
    for (const bankCode of ['KTB', 'TMB', 'BBL']) {
      const run = await atBank();
      fillBank(run, { bankCode, firstName: 'สมชาย', lastName: 'Jai-dee', bankAccountNo: '1234567890' });
      run.actor.send({ type: 'bank.submitted' });
      expect(run.context().fieldErrors).toEqual({ firstName: 'englishOnly', lastName: 'englishOnly' });
      expect(run.calls.create).toEqual([]);
    }
    const run = await atBank();
    fillBank(run, { bankCode: 'SCB', firstName: 'สมชาย', lastName: 'ใจดี', bankAccountNo: '1234567890' });
    run.actor.send({ type: 'bank.submitted' });
    await settle();
    expect(run.calls.create).toHaveLength(1);
    expect(run.calls.create[0].bankAccountName).toBe('สมชาย ใจดี');
  });

  it('a create failure stays on the bank step with the server code', async () => {
    const run = await atBank({ create: () => Promise.reject(new CodedError('EXISTING_BANK')) });
    fillBank(run, { bankCode: 'KTB', firstName: 'somchai', lastName: 'jai dee', bankAccountNo: '123-456-7890' });
    run.actor.send({ type: 'bank.submitted' });
    expect(run.actor.getSnapshot().matches({ bank: 'creating' })).toBe(true);
    await settle();
    expect(run.actor.getSnapshot().matches({ bank: 'editing' })).toBe(true);
    expect(run.context().serverError).toBe('EXISTING_BANK');
    expect(run.calls.toasts).toBe(0);
    expect(run.calls.create[0]).toEqual({
      name: 'Somchai Jaidee',
      username: PHONE,
      password: 'secret1',
      bankCode: 'KTB',
      bankAccountName: 'SOMCHAI JAI DEE',
      bankAccountNo: '1234567890',
    });
  });

  it('success: the deposit limit is offered (step 4); skipped, a toast at once, /login after 2 s of the machine clock', async () => {
    const run = await atBank();
    fillBank(run, { bankCode: 'SCB', firstName: 'Somchai', lastName: 'Jaidee', bankAccountNo: '1234567890' });
    run.actor.send({ type: 'bank.submitted' });
    await settle();
    expect(run.step()).toBe(4);
    expect(run.actor.getSnapshot().matches({ depositLimit: 'offered' })).toBe(true);
    expect(run.calls.toasts).toBe(0);
    run.actor.send({ type: 'limit.skipped' });
    expect(run.calls.limits).toEqual([]);
    expect(run.context().limitSet).toBeNull();
    expect(run.actor.getSnapshot().matches('registered')).toBe(true);
    expect(run.calls.toasts).toBe(1);
    expect(run.calls.redirects).toBe(0);
    run.clock.increment(1_999);
    expect(run.calls.redirects).toBe(0);
    run.clock.increment(1);
    expect(run.calls.redirects).toBe(1);
    // The login form is prefilled with the phone just registered.
    expect(run.calls.redirectedWith).toEqual([{ phone: PHONE }]);
    expect(run.actor.getSnapshot().status).toBe('done');
  });

  it('the Laos build sends the currency, LAK unless the member picks BAHT', async () => {
    const run = await atBank({}, { country: 'LA' });
    expect(run.context().bank.currency).toBe('LAK');
    fillBank(run, { bankCode: 'BCEL', firstName: 'Khamla', lastName: 'Phomma', bankAccountNo: '0101200000001' });
    run.actor.send({ type: 'bank.changed', field: 'currency', value: 'EUR' });
    expect(run.context().bank.currency).toBe('LAK');
    run.actor.send({ type: 'bank.changed', field: 'currency', value: 'BAHT' });
    run.actor.send({ type: 'bank.submitted' });
    await settle();
    expect(run.calls.create[0].currency).toBe('BAHT');
  });

  it('a stored invite code is sent, cannot be edited, and is dropped when the server refuses it', async () => {
    let attempt = 0;
    const run = await atBank(
      {
        create: async () => {
          attempt += 1;
          if (attempt === 1) throw new CodedError('INVALID_INVITE_CODE');
          return { message: 'OK' };
        },
      },
      { inviteCode: 'PR42' },
    );
    expect(run.calls.validate[0].inviteCode).toBe('PR42');
    run.actor.send({ type: 'bank.changed', field: 'inviteCode', value: 'PR7' });
    expect(run.context().bank.inviteCode).toBe('PR42');
    fillBank(run, { bankCode: 'SCB', firstName: 'A', lastName: 'B', bankAccountNo: '1234567890' });
    run.actor.send({ type: 'bank.changed', field: 'sourceCode', value: 'FACEBOOK' });
    run.actor.send({ type: 'bank.submitted' });
    await settle();
    expect(run.calls.create[0]).toMatchObject({ inviteCode: 'PR42', sourceCode: 'FACEBOOK' });
    expect(run.context().serverError).toBe('INVALID_INVITE_CODE');
    expect(run.context().inviteCodeLocked).toBe(false);
    expect(run.context().bank.inviteCode).toBe('');
    expect(run.calls.forgottenInvites).toBe(1);

    run.actor.send({ type: 'bank.submitted' });
    await settle();
    expect(run.calls.create[1].inviteCode).toBeUndefined();
    expect(run.actor.getSnapshot().matches('depositLimit')).toBe(true);
  });
});

describe('registration wizard: the deposit limit step (issue 31)', () => {
  async function atLimit(script: Script = {}, input: Partial<RegistrationInput> = {}) {
    const run = start({ registerOTP: false, ...script }, input);
    await passPhone(run, input.country === 'LA' ? '2055551234' : PHONE);
    await passProfile(run);
    fillBank(run, { bankCode: input.country === 'LA' ? 'BCEL' : 'SCB', firstName: 'Somchai', lastName: 'Jaidee', bankAccountNo: '1234567890' });
    run.actor.send({ type: 'bank.submitted' });
    await settle();
    return run;
  }

  it('offers no amount, only the day as the period; set, it goes out with the new member\'s phone and password', async () => {
    const run = await atLimit();
    expect(run.context().depositLimit).toEqual({ period: 'day', amount: '' });
    run.actor.send({ type: 'limit.periodChanged', period: 'week' });
    run.actor.send({ type: 'limit.amountChanged', amount: '2,000' });
    run.actor.send({ type: 'limit.submitted' });
    expect(run.actor.getSnapshot().matches({ depositLimit: 'setting' })).toBe(true);
    expect(run.calls.limits).toEqual([{ username: PHONE, password: 'secret1', period: 'week', value: 2000 }]);
    await settle();
    expect(run.actor.getSnapshot().matches('registered')).toBe(true);
    expect(run.context().limitSet).toEqual({ period: 'week', value: 2000 });
    expect(run.calls.toasts).toBe(1);
    run.clock.increment(2_000);
    expect(run.calls.redirectedWith).toEqual([{ phone: PHONE }]);
  });

  it('an empty or bad amount is said on the field and sends nothing; skipping needs no amount', async () => {
    const run = await atLimit();
    for (const [amount, error] of [['', 'required'], ['0', 'notPositive'], ['12.345', 'tooManyDecimals']] as const) {
      run.actor.send({ type: 'limit.amountChanged', amount });
      run.actor.send({ type: 'limit.submitted' });
      expect(run.context().fieldErrors.depositLimit).toBe(error);
    }
    expect(run.calls.limits).toEqual([]);
    run.actor.send({ type: 'limit.skipped' });
    expect(run.actor.getSnapshot().matches('registered')).toBe(true);
  });

  it('a kip wallet takes whole kip only', async () => {
    const run = await atLimit({}, { country: 'LA' });
    run.actor.send({ type: 'limit.amountChanged', amount: '50000.5' });
    run.actor.send({ type: 'limit.submitted' });
    expect(run.context().fieldErrors.depositLimit).toBe('tooManyDecimals');
    run.actor.send({ type: 'limit.amountChanged', amount: '500000' });
    run.actor.send({ type: 'limit.submitted' });
    expect(run.calls.limits[0].value).toBe(500000);
  });

  it('a refusal stays on the step with its code: the account exists, so the member may try again or skip', async () => {
    let attempt = 0;
    const run = await atLimit({
      setLimit: async () => {
        attempt += 1;
        if (attempt === 1) throw new CodedError('NETWORK_ERROR');
        return {};
      },
    });
    run.actor.send({ type: 'limit.amountChanged', amount: '500' });
    run.actor.send({ type: 'limit.submitted' });
    await settle();
    expect(run.actor.getSnapshot().matches({ depositLimit: 'offered' })).toBe(true);
    expect(run.context().serverError).toBe('NETWORK_ERROR');
    expect(run.calls.create).toHaveLength(1);
    // Back is not offered: the account is made.
    run.actor.send({ type: 'step.back' });
    expect(run.step()).toBe(4);
    run.actor.send({ type: 'limit.submitted' });
    await settle();
    expect(run.actor.getSnapshot().matches('registered')).toBe(true);
    expect(run.calls.limits).toHaveLength(2);
  });
});

describe('registration wizard: setting not loaded', () => {
  it('offers a retry when the OTP setting cannot be read', async () => {
    let attempt = 0;
    const machine = registrationMachine.provide({
      actors: {
        loadOptions: fromPromise<RegistrationOptions>(async () => {
          attempt += 1;
          if (attempt === 1) throw new CodedError('NETWORK_ERROR');
          return { registerOTP: true };
        }),
      },
    });
    const actor = createActor(machine, { input: { country: 'TH' }, clock: new SimulatedClock() }).start();
    await settle();
    expect(actor.getSnapshot().matches('loadFailed')).toBe(true);
    expect(actor.getSnapshot().context.serverError).toBe('NETWORK_ERROR');
    actor.send({ type: 'options.retry' });
    await settle();
    expect(actor.getSnapshot().matches({ phone: 'editing' })).toBe(true);
  });
});
