import { assign, fromPromise, setup } from 'xstate';
import { DELAYS, MEMBER_PASSWORD_MIN_LENGTH } from '../src/contract/constants';

/**
 * The change-password dialog of the profile (SPEC sections 2 and 5): old, new and confirm are
 * all required — with any empty, Save silently does nothing; new and confirm must be equal, else
 * an inline message; a new password shorter than the server's rule gets the rule inline (not the
 * server's refusal after the call); then the call goes out after about 0.2 s. The outcome is a success dialog or
 * an error dialog with the server's message (SPEC section 8). The call is the `changePassword`
 * actor; a failure rejects with an error whose `code` is the server's message.
 */

export type PasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword';

export interface ChangePasswordContext {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  mismatch: boolean;
  /** The new password is shorter than MEMBER_PASSWORD_MIN_LENGTH. */
  tooShort: boolean;
  serverError: string | null;
}

export type ChangePasswordEvent =
  | { type: 'password.opened' }
  | { type: 'password.changed'; field: PasswordField; value: string }
  | { type: 'password.submitted' }
  | { type: 'password.cancelled' }
  | { type: 'result.dismissed' };

const empty: ChangePasswordContext = { oldPassword: '', newPassword: '', confirmPassword: '', mismatch: false, tooShort: false, serverError: null };

const codeOf = (error: unknown): string =>
  error && typeof error === 'object' && 'code' in error && typeof error.code === 'string' ? error.code : 'INTERNAL_SERVER_ERROR';

export const changePasswordMachine = setup({
  types: { context: {} as ChangePasswordContext, events: {} as ChangePasswordEvent },
  actors: {
    changePassword: fromPromise<unknown, { oldPassword: string; newPassword: string }>(() =>
      Promise.reject(new Error("changePasswordMachine: provide the 'changePassword' actor")),
    ),
  },
  actions: {
    reset: assign(() => ({ ...empty })),
    setField: assign(({ context, event }) =>
      event.type === 'password.changed' ? { ...context, [event.field]: event.value, mismatch: false, tooShort: false } : {},
    ),
    showMismatch: assign({ mismatch: true }),
    showTooShort: assign({ tooShort: true }),
  },
  guards: {
    anyEmpty: ({ context }) => !context.oldPassword || !context.newPassword || !context.confirmPassword,
    newPasswordTooShort: ({ context }) => context.newPassword.length < MEMBER_PASSWORD_MIN_LENGTH,
    confirmationDiffers: ({ context }) => context.newPassword !== context.confirmPassword,
  },
  delays: { callDelay: DELAYS.spinnerCallMs },
}).createMachine({
  id: 'changePassword',
  context: { ...empty },
  initial: 'closed',
  states: {
    closed: {
      on: { 'password.opened': { target: 'editing', actions: 'reset' } },
    },
    editing: {
      on: {
        'password.changed': { actions: 'setField' },
        'password.submitted': [
          // SPEC section 5: silently nothing while a field is empty.
          { guard: 'anyEmpty' },
          { guard: 'newPasswordTooShort', actions: 'showTooShort' },
          { guard: 'confirmationDiffers', actions: 'showMismatch' },
          { target: 'waiting' },
        ],
        'password.cancelled': { target: 'closed', actions: 'reset' },
      },
    },
    waiting: {
      after: { callDelay: 'saving' },
    },
    saving: {
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({ oldPassword: context.oldPassword, newPassword: context.newPassword }),
        onDone: { target: 'succeeded' },
        onError: { target: 'failed', actions: assign({ serverError: ({ event }) => codeOf(event.error) }) },
      },
    },
    succeeded: {
      on: { 'result.dismissed': { target: 'closed', actions: 'reset' } },
    },
    // Back to the form with what was typed, to correct the old password.
    failed: {
      on: { 'result.dismissed': { target: 'editing', actions: assign({ serverError: null }) } },
    },
  },
});
