import { assign, fromPromise, not, setup } from 'xstate';
import { DELAYS, ENGLISH_NAME_BANKS } from '../src/contract/constants';

/**
 * Rewriting the bank account name in English (SPEC sections 4 and 5). Offered for KTB, TMB and BBL
 * while the stored name is not English letters and spaces. The typed name is forced to upper case;
 * it must be non-empty letters A-Z and whitespace, else `notifyNotEnglish` (a toast). After a
 * successful update the name is replaced, the editor closes, and 1 s later the copy action runs
 * by itself, as if the member had tapped Copy. Save, a call from a modal, goes out after about
 * 0.2 s (SPEC section 9), its spinner already showing. Effects are the `updateName` and `copyText` actors
 * and the `notify*` actions, provided by the app.
 */

export interface BankAccountNameInput {
  bankCode: string;
  bankAccountName: string;
}

export interface BankAccountNameContext extends BankAccountNameInput {
  draft: string;
}

export type BankAccountNameEvent =
  | { type: 'editor.opened' }
  | { type: 'editor.closed' }
  | { type: 'draft.changed'; value: string }
  | { type: 'draft.submitted' }
  | { type: 'copy.requested' };

export const isEnglishAccountName = (name: string): boolean => /^[A-Za-z\s]+$/.test(name) && name.trim() !== '';

/** SPEC section 4: only these banks, and only while the stored name is not in English. */
export const canRewriteName = ({ bankCode, bankAccountName }: BankAccountNameInput): boolean =>
  (ENGLISH_NAME_BANKS as readonly string[]).includes(bankCode) && !isEnglishAccountName(bankAccountName);

export const bankAccountNameMachine = setup({
  types: {
    context: {} as BankAccountNameContext,
    events: {} as BankAccountNameEvent,
    input: {} as BankAccountNameInput,
  },
  actors: {
    updateName: fromPromise<{ bankAccountName: string }, { bankCode: string; bankAccountName: string }>(() =>
      Promise.reject(new Error("bankAccountNameMachine: provide the 'updateName' actor")),
    ),
    copyText: fromPromise<unknown, { text: string }>(() => Promise.reject(new Error("bankAccountNameMachine: provide the 'copyText' actor"))),
  },
  actions: {
    /** The toast with the English-name message. */
    notifyNotEnglish: () => {},
    /** The update failed: an error toast with the server's code. */
    notifyUpdateFailed: (_, _params: { error: unknown }) => {},
    /** The new name, for whoever shows it. */
    nameReplaced: (_, _params: { bankAccountName: string }) => {},
    notifyCopied: (_, _params: { text: string }) => {},
    notifyCopyFailed: () => {},
  },
  guards: {
    offered: ({ context }) => canRewriteName(context),
    draftIsEnglish: ({ context }) => isEnglishAccountName(context.draft),
  },
  delays: { autoCopy: DELAYS.copyAutoClickMs, callDelay: DELAYS.spinnerCallMs },
}).createMachine({
  id: 'bankAccountName',
  context: ({ input }) => ({ ...input, draft: '' }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'editor.opened': { guard: 'offered', target: 'editing', actions: assign({ draft: '' }) },
        'copy.requested': { target: 'copying' },
      },
    },
    editing: {
      on: {
        'draft.changed': { actions: assign({ draft: ({ event }) => event.value.toUpperCase() }) },
        'draft.submitted': [
          { guard: not('draftIsEnglish'), actions: 'notifyNotEnglish' },
          { target: 'saving' },
        ],
        'editor.closed': { target: 'idle' },
      },
    },
    saving: {
      initial: 'waiting',
      states: {
        waiting: { after: { callDelay: 'sending' } },
        sending: {
          invoke: {
            src: 'updateName',
            input: ({ context }) => ({ bankCode: context.bankCode, bankAccountName: context.draft.trim().replace(/\s+/g, ' ') }),
            onDone: {
              target: '#bankAccountName.copyPending',
              actions: [
                assign({ bankAccountName: ({ event }) => event.output.bankAccountName, draft: '' }),
                { type: 'nameReplaced', params: ({ event }) => ({ bankAccountName: event.output.bankAccountName }) },
              ],
            },
            onError: { target: '#bankAccountName.editing', actions: { type: 'notifyUpdateFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    // The editor is closed; the copy runs on its own after 1 s.
    copyPending: {
      after: { autoCopy: 'copying' },
    },
    copying: {
      invoke: {
        src: 'copyText',
        input: ({ context }) => ({ text: context.bankAccountName }),
        onDone: { target: 'idle', actions: { type: 'notifyCopied', params: ({ context }) => ({ text: context.bankAccountName }) } },
        onError: { target: 'idle', actions: 'notifyCopyFailed' },
      },
    },
  },
});
