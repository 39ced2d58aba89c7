import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { changePasswordMachine, type PasswordField } from '../../machines/changePasswordMachine';

class CodedError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(answer: () => Promise<unknown> = async () => ({ message: 'OK' })) {
  const calls: { oldPassword: string; newPassword: string }[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    changePasswordMachine.provide({
      actors: {
        changePassword: fromPromise<unknown, { oldPassword: string; newPassword: string }>(({ input }) => {
          calls.push(input);
          return answer();
        }),
      },
    }),
    { clock },
  ).start();
  const fill = (values: Partial<Record<PasswordField, string>>) => {
    for (const [field, value] of Object.entries(values)) actor.send({ type: 'password.changed', field: field as PasswordField, value });
  };
  actor.send({ type: 'password.opened' });
  return { actor, clock, calls, fill };
}

describe('change password', () => {
  it('does nothing at all while any field is empty', () => {
    const run = start();
    for (const values of [{}, { oldPassword: 'old' }, { oldPassword: 'old', newPassword: 'new1' }]) {
      run.fill(values);
      run.actor.send({ type: 'password.submitted' });
      expect(run.actor.getSnapshot().value).toBe('editing');
      expect(run.actor.getSnapshot().context.mismatch).toBe(false);
    }
    run.clock.increment(1_000);
    expect(run.calls).toEqual([]);
  });

  it('shows the inline mismatch until a field changes', () => {
    const run = start();
    run.fill({ oldPassword: 'old', newPassword: 'new-one', confirmPassword: 'new-two' });
    run.actor.send({ type: 'password.submitted' });
    expect(run.actor.getSnapshot().context.mismatch).toBe(true);
    expect(run.actor.getSnapshot().value).toBe('editing');
    run.fill({ confirmPassword: 'new-one' });
    expect(run.actor.getSnapshot().context.mismatch).toBe(false);
  });

  it("says the server's rule (6 characters) inline instead of calling with a short new password", () => {
    const run = start();
    run.fill({ oldPassword: 'old', newPassword: 'short', confirmPassword: 'short' });
    run.actor.send({ type: 'password.submitted' });
    expect(run.actor.getSnapshot().value).toBe('editing');
    expect(run.actor.getSnapshot().context).toMatchObject({ tooShort: true, mismatch: false });
    run.clock.increment(1_000);
    expect(run.calls).toEqual([]);
    run.fill({ newPassword: 'long-enough', confirmPassword: 'long-enough' });
    expect(run.actor.getSnapshot().context.tooShort).toBe(false);
    run.actor.send({ type: 'password.submitted' });
    expect(run.actor.getSnapshot().value).toBe('waiting');
  });

  it('calls after 0.2 s, then shows success and closes on dismiss', async () => {
    const run = start();
    run.fill({ oldPassword: 'old', newPassword: 'new-one', confirmPassword: 'new-one' });
    run.actor.send({ type: 'password.submitted' });
    expect(run.actor.getSnapshot().value).toBe('waiting');
    run.clock.increment(199);
    expect(run.calls).toEqual([]);
    run.clock.increment(1);
    expect(run.calls).toEqual([{ oldPassword: 'old', newPassword: 'new-one' }]);
    await settle();
    expect(run.actor.getSnapshot().value).toBe('succeeded');
    run.actor.send({ type: 'result.dismissed' });
    expect(run.actor.getSnapshot().value).toBe('closed');
    expect(run.actor.getSnapshot().context.oldPassword).toBe('');
  });

  it("shows the server's message and returns to the form to correct it", async () => {
    const run = start(() => Promise.reject(new CodedError('WRONG_PASSWORD')));
    run.fill({ oldPassword: 'bad', newPassword: 'new-one', confirmPassword: 'new-one' });
    run.actor.send({ type: 'password.submitted' });
    run.clock.increment(200);
    await settle();
    expect(run.actor.getSnapshot().value).toBe('failed');
    expect(run.actor.getSnapshot().context.serverError).toBe('WRONG_PASSWORD');
    run.actor.send({ type: 'result.dismissed' });
    expect(run.actor.getSnapshot().value).toBe('editing');
    expect(run.actor.getSnapshot().context).toMatchObject({ oldPassword: 'bad', serverError: null });
  });

  it('cancel clears what was typed', () => {
    const run = start();
    run.fill({ oldPassword: 'old' });
    run.actor.send({ type: 'password.cancelled' });
    expect(run.actor.getSnapshot().value).toBe('closed');
    run.actor.send({ type: 'password.opened' });
    expect(run.actor.getSnapshot().context.oldPassword).toBe('');
  });
});
