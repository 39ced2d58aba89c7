import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  forgotPasswordMachine,
  forgotPasswordStep,
  newPasswordErrors,
  type CodeSent,
  type ForgotPasswordInput,
} from '../../machines/forgotPasswordMachine';
import { handAnsweredCall } from './helpers/handAnsweredCall';

const PHONE = '0812345678';

/** The machine with hand-answered fake calls, on a simulated clock. */
function start(input: Partial<ForgotPasswordInput> = {}) {
  const requestCode = handAnsweredCall<CodeSent, { phoneNumber: string }>();
  const verifyCode = handAnsweredCall<unknown, { otpToken: string; otpCode: string }>();
  const resetPassword = handAnsweredCall<unknown, { otpToken: string; newPassword: string }>();
  const effects = { toasts: 0, redirectedWith: [] as { phone: string }[] };
  const clock = new SimulatedClock();
  const actor = createActor(
    forgotPasswordMachine.provide({
      actors: { requestCode: requestCode.actor, verifyCode: verifyCode.actor, resetPassword: resetPassword.actor },
      actions: {
        notifyReset: () => void (effects.toasts += 1),
        redirectToLogin: (_, params: { phone: string }) => void effects.redirectedWith.push(params),
      },
    }),
    { input: { country: 'TH', ...input }, clock },
  );
  actor.start();
  const snapshot = () => actor.getSnapshot();
  const context = () => snapshot().context;
  const step = () => forgotPasswordStep(snapshot());
  const advanceSeconds = (seconds: number) => {
    for (let i = 0; i < seconds; i += 1) clock.increment(1_000);
  };
  return { actor, requestCode, verifyCode, resetPassword, effects, snapshot, context, step, advanceSeconds };
}
type Run = ReturnType<typeof start>;

async function toCode(run: Run, phone = PHONE, sent: CodeSent = { otpRef: 'AB12', otpToken: 'token-1' }) {
  run.actor.send({ type: 'phone.changed', phone });
  run.actor.send({ type: 'phone.submitted' });
  await run.requestCode.succeed(sent);
}

async function toNewPassword(run: Run) {
  await toCode(run);
  run.actor.send({ type: 'otp.changed', code: '123456' });
  run.actor.send({ type: 'otp.submitted' });
  await run.verifyCode.succeed({ message: 'OTP_CODE_VALID' });
}

function typePasswords(run: Run, password: string, confirmPassword = password) {
  run.actor.send({ type: 'password.changed', field: 'password', value: password });
  run.actor.send({ type: 'password.changed', field: 'confirmPassword', value: confirmPassword });
}

describe('forgot password: the phone', () => {
  it('starts with the phone typed on /login, digits only', () => {
    const run = start({ phone: '081-234 5678' });
    expect(run.step()).toBe(0);
    expect(run.context().phone).toBe(PHONE);
  });

  it('keeps only the digits typed, and asks for 10 of them before calling', () => {
    const run = start();
    run.actor.send({ type: 'phone.submitted' });
    expect(run.context().fieldErrors).toEqual({ phone: 'required' });
    run.actor.send({ type: 'phone.changed', phone: '08a1b2c3' });
    expect(run.context().phone).toBe('08123');
    run.actor.send({ type: 'phone.submitted' });
    expect(run.context().fieldErrors).toEqual({ phone: 'phoneLength' });
    expect(run.requestCode.calls).toEqual([]);
  });

  it('leaves the length of a Lao number to the server', async () => {
    const run = start({ country: 'LA' });
    await toCode(run, '+856 20 5555 1234');
    expect(run.requestCode.calls).toEqual([{ phoneNumber: '8562055551234' }]);
    expect(run.step()).toBe(1);
  });

  it('goes on to the code with the reference shown, the resend counting down a minute', async () => {
    const run = start();
    run.actor.send({ type: 'phone.changed', phone: PHONE });
    run.actor.send({ type: 'phone.submitted' });
    expect(run.snapshot().matches({ phone: 'sending' })).toBe(true);
    await run.requestCode.succeed({ otpRef: 'AB12', otpToken: 'token-1' });
    expect(run.requestCode.calls).toEqual([{ phoneNumber: PHONE }]);
    expect(run.step()).toBe(1);
    expect(run.context().pending).toEqual({ phone: PHONE, ref: 'AB12', token: 'token-1' });
    expect(run.context().resendSecondsLeft).toBe(60);
    expect(run.snapshot().can({ type: 'otp.resend' })).toBe(false);
    run.advanceSeconds(59);
    expect(run.snapshot().can({ type: 'otp.resend' })).toBe(false);
    run.advanceSeconds(1);
    expect(run.snapshot().can({ type: 'otp.resend' })).toBe(true);
  });

  it('shows a refusal (a limit) on the phone step, translated by the view', async () => {
    const run = start();
    run.actor.send({ type: 'phone.changed', phone: PHONE });
    run.actor.send({ type: 'phone.submitted' });
    await run.requestCode.refuse('REQUEST_LIMIT');
    expect(run.snapshot().matches({ phone: 'editing' })).toBe(true);
    expect(run.context().serverError).toBe('REQUEST_LIMIT');
    // Typing clears it.
    run.actor.send({ type: 'phone.changed', phone: PHONE });
    expect(run.context().serverError).toBeNull();
  });

  it('back to the phone and on again with the same number sends no second SMS', async () => {
    const run = start();
    await toCode(run);
    run.actor.send({ type: 'step.back' });
    expect(run.step()).toBe(0);
    run.actor.send({ type: 'phone.submitted' });
    expect(run.step()).toBe(1);
    expect(run.requestCode.calls).toHaveLength(1);
    // Another number: a new code.
    run.actor.send({ type: 'step.back' });
    run.actor.send({ type: 'phone.changed', phone: '0899999999' });
    expect(run.context().pending).toBeNull();
    run.actor.send({ type: 'phone.submitted' });
    expect(run.requestCode.calls).toEqual([{ phoneNumber: PHONE }, { phoneNumber: '0899999999' }]);
  });
});

describe('forgot password: the code', () => {
  it('needs 6 digits, then checks the code with its token', async () => {
    const run = start();
    await toCode(run);
    run.actor.send({ type: 'otp.changed', code: '12a3' });
    expect(run.context().otpCode).toBe('123');
    run.actor.send({ type: 'otp.submitted' });
    expect(run.context().fieldErrors).toEqual({ otpCode: 'otpLength' });
    expect(run.verifyCode.calls).toEqual([]);
    run.actor.send({ type: 'otp.changed', code: '123456' });
    run.actor.send({ type: 'otp.submitted' });
    expect(run.verifyCode.calls).toEqual([{ otpToken: 'token-1', otpCode: '123456' }]);
    await run.verifyCode.succeed({ message: 'OTP_CODE_VALID' });
    expect(run.step()).toBe(2);
    expect(run.context().verifiedToken).toBe('token-1');
  });

  it('a wrong code stays, emptied, with the server code', async () => {
    const run = start();
    await toCode(run);
    run.actor.send({ type: 'otp.changed', code: '000000' });
    run.actor.send({ type: 'otp.submitted' });
    await run.verifyCode.refuse('OTP_CODE_INVALID');
    expect(run.step()).toBe(1);
    expect(run.context()).toMatchObject({ otpCode: '', serverError: 'OTP_CODE_INVALID' });
  });

  it('OTP_VERIFIED (a second tap after a slow answer) goes on as a pass', async () => {
    const run = start();
    await toCode(run);
    run.actor.send({ type: 'otp.changed', code: '123456' });
    run.actor.send({ type: 'otp.submitted' });
    await run.verifyCode.refuse('OTP_VERIFIED');
    expect(run.step()).toBe(2);
  });

  it('a new code replaces the one held; the server’s minute restarts the countdown', async () => {
    const run = start();
    await toCode(run);
    run.advanceSeconds(60);
    run.actor.send({ type: 'otp.resend' });
    await run.requestCode.succeed({ otpRef: 'CD34', otpToken: 'token-2' });
    expect(run.context().pending).toEqual({ phone: PHONE, ref: 'CD34', token: 'token-2' });
    expect(run.context().resendSecondsLeft).toBe(60);

    run.advanceSeconds(60);
    run.actor.send({ type: 'otp.resend' });
    await run.requestCode.refuse('REQUEST_LIMIT_1MIN');
    expect(run.context()).toMatchObject({ serverError: 'REQUEST_LIMIT_1MIN', resendSecondsLeft: 60 });
    expect(run.context().pending?.token).toBe('token-2');
  });
});

describe('forgot password: the new password', () => {
  it('says the rule: required, at least 6 characters, typed twice alike', () => {
    expect(newPasswordErrors('', '')).toEqual({ password: 'required', confirmPassword: 'required' });
    expect(newPasswordErrors('12345', '12345')).toEqual({ password: 'passwordShort' });
    expect(newPasswordErrors('123456', '123457')).toEqual({ confirmPassword: 'passwordMismatch' });
    expect(newPasswordErrors('123456', '123456')).toEqual({});
  });

  it('refuses a short or mismatched password before calling', async () => {
    const run = start();
    await toNewPassword(run);
    typePasswords(run, 'abc');
    run.actor.send({ type: 'password.submitted' });
    expect(run.context().fieldErrors).toEqual({ password: 'passwordShort' });
    typePasswords(run, 'abcdef', 'abcdeg');
    run.actor.send({ type: 'password.submitted' });
    expect(run.context().fieldErrors).toEqual({ confirmPassword: 'passwordMismatch' });
    expect(run.resetPassword.calls).toEqual([]);
  });

  it('sets it with the verified token, then the toast and /login with the phone', async () => {
    const run = start();
    await toNewPassword(run);
    typePasswords(run, 'new-secret-1');
    run.actor.send({ type: 'password.submitted' });
    expect(run.snapshot().matches({ newPassword: 'saving' })).toBe(true);
    expect(run.resetPassword.calls).toEqual([{ otpToken: 'token-1', newPassword: 'new-secret-1' }]);
    await run.resetPassword.succeed({ message: 'OK' });
    expect(run.snapshot().status).toBe('done');
    expect(run.effects).toEqual({ toasts: 1, redirectedWith: [{ phone: PHONE }] });
  });

  it('a refusal stays on the form with its code (the server’s rule, said)', async () => {
    const run = start();
    await toNewPassword(run);
    typePasswords(run, 'new-secret-1');
    run.actor.send({ type: 'password.submitted' });
    await run.resetPassword.refuse('PASSWORD_TOO_SHORT');
    expect(run.snapshot().matches({ newPassword: 'editing' })).toBe(true);
    expect(run.context().serverError).toBe('PASSWORD_TOO_SHORT');
    expect(run.effects.redirectedWith).toEqual([]);
  });

  it('a code that ran out (UNVERIFIED_OTP) goes back to the phone for a new one', async () => {
    const run = start();
    await toNewPassword(run);
    typePasswords(run, 'new-secret-1');
    run.actor.send({ type: 'password.submitted' });
    await run.resetPassword.refuse('UNVERIFIED_OTP');
    expect(run.step()).toBe(0);
    expect(run.context()).toMatchObject({ pending: null, verifiedToken: null, serverError: 'UNVERIFIED_OTP', phone: PHONE });
    run.actor.send({ type: 'phone.submitted' });
    expect(run.requestCode.calls).toHaveLength(2);
  });

  it('an unreadable failure is named INTERNAL_SERVER_ERROR, never left empty', async () => {
    const run = start();
    await toNewPassword(run);
    typePasswords(run, 'new-secret-1');
    run.actor.send({ type: 'password.submitted' });
    await run.resetPassword.rejectWith(new Error('socket hang up'));
    expect(run.context().serverError).toBe('INTERNAL_SERVER_ERROR');
  });
});
