import { and, assertEvent, assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';

/**
 * A break or a self-exclusion asked for on the Safer play page (issue 31), confirmed twice: a
 * dialog that says what it does (every session ends at once, an active bonus is forfeited,
 * promotions stop, withdrawals still work, it cannot be shortened), then a second, explicit
 * confirmation: a break is the second button naming its length, a self-exclusion the word the
 * member types (`confirmWord`, in the member's language, given by the view). A self-exclusion's
 * first confirmation is the server's too (`askExclusion` answers a token valid for minutes and
 * the day it would end, shown in the second step); only then is `startPause` called, with the
 * token for an exclusion. Its success runs `signedOut` (the session is over on every device).
 * Framework-free: the calls and the sign-out are provided by the app and the tests.
 */

export type PauseKind = 'break' | 'exclusion';

export interface PauseChoice {
  kind: PauseKind;
  /** The length as the contract names it ('24h', '7d', '30d', '6w'; '6m', '12m', '24m', '60m', 'permanent'). */
  length: string;
}

/** What the server answered: when it ends (null: for good). */
export interface PauseStarted {
  endsAt: string | null;
}

/** A self-exclusion's first confirmation, as the server answered it. */
export interface ExclusionTicket {
  confirmToken: string;
  /** When it would end if confirmed now; null: for good. */
  endsAt: string | null;
}

/** What `startPause` sends: the choice, and for a self-exclusion the ticket's token. */
export type PauseRequest = PauseChoice & { confirmToken?: string };

export interface BreakOrExclusionContext {
  choice: PauseChoice | null;
  /** The word to type before a self-exclusion is sent. */
  confirmWord: string;
  typed: string;
  ticket: ExclusionTicket | null;
  started: PauseStarted | null;
  serverError: string | null;
}

export type BreakOrExclusionEvent =
  | { type: 'pause.chosen'; choice: PauseChoice; confirmWord: string }
  | { type: 'pause.understood' }
  | { type: 'pause.typed'; text: string }
  | { type: 'pause.confirmed' }
  | { type: 'pause.cancelled' };

const codeOf = (error: unknown): string =>
  error && typeof error === 'object' && 'code' in error && typeof error.code === 'string' && error.code ? error.code : 'INTERNAL_SERVER_ERROR';

/** The typed word matches when it is the same letters: spaces around and letter case do not count. */
export const confirmWordMatches = (typed: string, word: string): boolean =>
  word.length > 0 && typed.normalize('NFC').trim().toLocaleLowerCase() === word.normalize('NFC').trim().toLocaleLowerCase();

const EMPTY: BreakOrExclusionContext = { choice: null, confirmWord: '', typed: '', ticket: null, started: null, serverError: null };

export const breakOrExclusionMachine = setup({
  types: { context: {} as BreakOrExclusionContext, events: {} as BreakOrExclusionEvent },
  actors: {
    askExclusion: fromPromise<ExclusionTicket, PauseChoice>(() => Promise.reject(new Error("breakOrExclusionMachine: provide the 'askExclusion' actor"))),
    startPause: fromPromise<PauseStarted, PauseRequest>(() => Promise.reject(new Error("breakOrExclusionMachine: provide the 'startPause' actor"))),
  },
  actions: {
    /** The member's session ended with the pause: the app forgets the token and shows when it ends. */
    signedOut: (_, _params: { choice: PauseChoice; started: PauseStarted }) => {},
    choose: assign(({ event }) => {
      assertEvent(event, 'pause.chosen');
      return { ...EMPTY, choice: event.choice, confirmWord: event.confirmWord };
    }),
    setTyped: assign(({ event }) => {
      assertEvent(event, 'pause.typed');
      return { typed: event.text, serverError: null };
    }),
    reset: assign(() => ({ ...EMPTY })),
  },
  guards: {
    isExclusion: ({ context }) => context.choice?.kind === 'exclusion',
    typedWordMatches: ({ context }) => confirmWordMatches(context.typed, context.confirmWord),
  },
}).createMachine({
  id: 'breakOrExclusion',
  context: { ...EMPTY },
  initial: 'idle',
  states: {
    idle: {
      on: { 'pause.chosen': { target: 'explaining', actions: 'choose' } },
    },
    // The first confirmation: what a break or an exclusion does, before anything is asked twice.
    explaining: {
      on: {
        'pause.understood': [{ guard: 'isExclusion', target: 'asking' }, { target: 'confirming' }],
        'pause.cancelled': { target: 'idle', actions: 'reset' },
      },
    },
    asking: {
      invoke: {
        src: 'askExclusion',
        input: ({ context }) => context.choice!,
        onDone: { target: 'confirming', actions: assign({ ticket: ({ event }) => event.output, serverError: null }) },
        onError: { target: 'explaining', actions: assign({ serverError: ({ event }) => codeOf(event.error) }) },
      },
    },
    // The second: a self-exclusion waits for the typed word; a break for its own named button.
    confirming: {
      on: {
        'pause.typed': { actions: 'setTyped' },
        'pause.confirmed': [
          // A self-exclusion without the word typed sends nothing: the view keeps its button off too.
          { guard: and(['isExclusion', not('typedWordMatches')]) },
          { target: 'starting', actions: assign({ serverError: null }) },
        ],
        'pause.cancelled': { target: 'idle', actions: 'reset' },
      },
    },
    starting: {
      invoke: {
        src: 'startPause',
        input: ({ context }) => ({ ...context.choice!, ...(context.ticket ? { confirmToken: context.ticket.confirmToken } : {}) }),
        onDone: {
          target: 'started',
          actions: [
            assign({ started: ({ event }) => event.output }),
            { type: 'signedOut', params: ({ context, event }) => ({ choice: context.choice!, started: event.output }) },
          ],
        },
        onError: [
          // The ticket ran out (or was used): the exclusion is asked again from its first confirmation.
          {
            guard: ({ event }) => codeOf(event.error) === 'EXCLUSION_CONFIRM_INVALID',
            target: 'explaining',
            actions: assign({ ticket: null, typed: '', serverError: ({ event }) => codeOf(event.error) }),
          },
          { target: 'confirming', actions: assign({ serverError: ({ event }) => codeOf(event.error) }) },
        ],
      },
    },
    started: { type: 'final' },
  },
});

export type BreakOrExclusionSnapshot = SnapshotFrom<typeof breakOrExclusionMachine>;
