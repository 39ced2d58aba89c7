import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

/**
 * The reality check (issue 31): this session's time played and net result, net deposits over 30
 * days, and a reminder at the member's interval that they must acknowledge to go on. The server
 * keeps the session's clock (its `due` and `nextReminderAt`; the sandbox may move it), so the
 * machine asks it: when the member area opens, when told something changed (`check.refresh`: the
 * wallet changed, the tab came back into view), and by itself, at the next reminder or at most
 * `pollMs` later, whichever is first. A due reminder waits in `reminding` until
 * `reminder.acknowledged` is answered by the server. Framework-free: `readCheck`,
 * `acknowledge` are the calls, `readClock` the clock (tests give a SimulatedClock's).
 */

export interface RealityCheck {
  sessionStartedAt: string;
  minutesPlayed: number;
  netResult: number;
  netDeposits30d: number;
  intervalMinutes: number;
  acknowledgedAt: string | null;
  nextReminderAt: string;
  due: boolean;
}

export interface RealityCheckContext {
  check: RealityCheck | null;
  /** The clock when last read (ms since the epoch). */
  now: number;
  pollMs: number;
  serverError: string | null;
}

export type RealityCheckEvent =
  | { type: 'check.refresh' }
  | { type: 'check.answered'; check: RealityCheck }
  | { type: 'reminder.acknowledged' };

/** The shortest wait between two reads, so a clock that disagrees with the server's never spins. */
export const MIN_READ_GAP_MS = 5_000;
export const POLL_MS = 60_000;

/** How long to wait before asking again: until the next reminder, within [MIN_READ_GAP_MS, pollMs]. */
export const nextReadInMs = (context: Pick<RealityCheckContext, 'check' | 'now' | 'pollMs'>): number => {
  if (!context.check) return context.pollMs;
  const untilReminder = Date.parse(context.check.nextReminderAt) - context.now;
  return Math.min(context.pollMs, Math.max(MIN_READ_GAP_MS, Number.isFinite(untilReminder) ? untilReminder : context.pollMs));
};

const codeOf = (error: unknown): string =>
  error && typeof error === 'object' && 'code' in error && typeof error.code === 'string' && error.code ? error.code : 'INTERNAL_SERVER_ERROR';

export const realityCheckMachine = setup({
  types: {
    context: {} as RealityCheckContext,
    events: {} as RealityCheckEvent,
    input: {} as { pollMs?: number },
  },
  actors: {
    readCheck: fromPromise<RealityCheck>(() => Promise.reject(new Error("realityCheckMachine: provide the 'readCheck' actor"))),
    acknowledge: fromPromise<RealityCheck>(() => Promise.reject(new Error("realityCheckMachine: provide the 'acknowledge' actor"))),
  },
  actions: {
    readClock: assign({ now: () => Date.now() }),
    takeCheck: assign((_, params: { check: RealityCheck }) => ({ check: params.check, serverError: null })),
  },
  guards: {
    reminderDue: ({ context }) => context.check?.due === true,
  },
  delays: {
    nextRead: ({ context }) => nextReadInMs(context),
  },
}).createMachine({
  id: 'realityCheck',
  context: ({ input }) => ({ check: null, now: 0, pollMs: input.pollMs ?? POLL_MS, serverError: null }),
  initial: 'reading',
  // An answer from elsewhere (the interval chosen on the Safer play page) is as good as a read.
  on: {
    'check.answered': {
      target: '.deciding',
      actions: { type: 'takeCheck', params: ({ event }) => ({ check: event.check }) },
    },
  },
  states: {
    reading: {
      invoke: {
        src: 'readCheck',
        onDone: { target: 'deciding', actions: { type: 'takeCheck', params: ({ event }) => ({ check: event.output }) } },
        // A failed read (offline, a restriction) is tried again later; the figures shown stay.
        onError: { target: 'watching', actions: assign({ serverError: ({ event }) => codeOf(event.error) }) },
      },
    },
    deciding: {
      entry: 'readClock',
      always: [{ guard: 'reminderDue', target: 'reminding' }, { target: 'watching' }],
    },
    watching: {
      entry: 'readClock',
      after: { nextRead: 'reading' },
      on: { 'check.refresh': 'reading' },
    },
    // The member must acknowledge before going on: nothing else leaves this state.
    reminding: {
      on: { 'reminder.acknowledged': 'acknowledging' },
    },
    acknowledging: {
      invoke: {
        src: 'acknowledge',
        onDone: { target: 'deciding', actions: { type: 'takeCheck', params: ({ event }) => ({ check: event.output }) } },
        onError: { target: 'reminding', actions: assign({ serverError: ({ event }) => codeOf(event.error) }) },
      },
    },
  },
});

export type RealityCheckSnapshot = SnapshotFrom<typeof realityCheckMachine>;

