import { assertEvent, assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import type { LimitKind, LimitPeriod } from '../src/contract/saferPlay';

export type { LimitKind, LimitPeriod };

/**
 * One limit changed on the Safer play page (issue 31): deposit, loss or session time, per day,
 * week or month. A first limit or a lower one applies at once; a higher one or a removal waits
 * the cooling-off and then takes effect only when the member confirms it again (within 7 days,
 * else it lapses). So before a loosening is sent the member reads that (`reviewing`), and the
 * server's answer says what happened (`saved` with `applied` or the pending change). A pending
 * change that is due is confirmed, or one the member no longer wants withdrawn, from the same
 * machine (`pending.confirmRequested`, `pending.cancelRequested`). Framework-free: `saveLimit`,
 * `confirmPending` and `cancelPending` are the calls; `limitsChanged` and `notifyPending` are the
 * effects on the page.
 */

export interface LimitTarget {
  kind: LimitKind;
  period: LimitPeriod;
  /** The limit in force (an amount, or minutes for session time); null: none. */
  current: number | null;
}

/** What a change is sent as: the new value, or null to remove the limit. */
export interface LimitChange {
  kind: LimitKind;
  period: LimitPeriod;
  value: number | null;
}

/** The server's answer: applied at once, or waiting (the new value, when it may be confirmed, when it lapses). */
export interface LimitSaved {
  applied: boolean;
  pending: { value: number | null; confirmableAt: string; lapsesAt: string } | null;
}

export type LimitFieldError = 'required' | 'notPositive' | 'tooManyDecimals' | 'unchanged';

export interface LimitChangeContext {
  target: LimitTarget | null;
  /** Whole units only (minutes, whole kip), else at most two decimals. */
  whole: boolean;
  text: string;
  /** What is being sent: the parsed value, or null for a removal. */
  change: LimitChange | null;
  fieldError: LimitFieldError | null;
  saved: LimitSaved | null;
  serverError: string | null;
}

export type LimitChangeEvent =
  | { type: 'limit.opened'; target: LimitTarget; whole: boolean }
  | { type: 'limit.typed'; text: string }
  | { type: 'limit.submitted' }
  | { type: 'limit.removeRequested' }
  | { type: 'limit.confirmed' }
  | { type: 'limit.cancelled' }
  | { type: 'limit.closed' }
  | { type: 'pending.confirmRequested'; kind: LimitKind; period: LimitPeriod }
  | { type: 'pending.cancelRequested'; kind: LimitKind; period: LimitPeriod };

/** How a confirmation or withdrawal of a pending change went, for the page to say. */
export type PendingOutcome = { did: 'confirmed' | 'cancelled'; code: null } | { did: 'failed'; code: string };

/* ---------- rules (pure, shared with the view) ---------- */

/** The typed value ("1,000", "1000.5"), or why it cannot be one. */
export function parseLimitValue(text: string, whole: boolean): { value: number } | { error: LimitFieldError } {
  const cleaned = text.replace(/[,\s]/g, '');
  if (!cleaned) return { error: 'required' };
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return { error: 'notPositive' };
  const value = Number(cleaned);
  if (!(value > 0)) return { error: 'notPositive' };
  const decimals = cleaned.includes('.') ? cleaned.split('.')[1].replace(/0+$/, '').length : 0;
  if (decimals > (whole ? 0 : 2)) return { error: 'tooManyDecimals' };
  return { value };
}

/**
 * A raise or a removal of a limit in force: it waits the cooling-off. A first limit and a lower
 * one apply at once (the server decides in the end; this only says it before the call).
 */
export const isLoosening = (current: number | null, next: number | null): boolean => current !== null && (next === null || next > current);

const codeOf = (error: unknown): string =>
  error && typeof error === 'object' && 'code' in error && typeof error.code === 'string' && error.code ? error.code : 'INTERNAL_SERVER_ERROR';

const EMPTY: LimitChangeContext = { target: null, whole: false, text: '', change: null, fieldError: null, saved: null, serverError: null };

const notProvided = (name: string) => () => Promise.reject(new Error(`limitChangeMachine: provide the '${name}' actor`));

export const limitChangeMachine = setup({
  types: { context: {} as LimitChangeContext, events: {} as LimitChangeEvent },
  actors: {
    saveLimit: fromPromise<LimitSaved, LimitChange>(notProvided('saveLimit')),
    confirmPending: fromPromise<unknown, { kind: LimitKind; period: LimitPeriod }>(notProvided('confirmPending')),
    cancelPending: fromPromise<unknown, { kind: LimitKind; period: LimitPeriod }>(notProvided('cancelPending')),
  },
  actions: {
    /** The limits as shown are out of date: the page reads them again. */
    limitsChanged: () => {},
    notifyPending: (_, _params: PendingOutcome) => {},
    open: assign(({ event }) => {
      assertEvent(event, 'limit.opened');
      return { ...EMPTY, target: event.target, whole: event.whole };
    }),
    setText: assign(({ event }) => {
      assertEvent(event, 'limit.typed');
      return { text: event.text, fieldError: null, serverError: null };
    }),
    showFieldError: assign(({ context }) => {
      const parsed = parseLimitValue(context.text, context.whole);
      if ('error' in parsed) return { fieldError: parsed.error };
      return { fieldError: parsed.value === context.target?.current ? ('unchanged' as const) : null };
    }),
    takeTypedValue: assign(({ context }) => {
      const parsed = parseLimitValue(context.text, context.whole);
      const target = context.target!;
      return { change: { kind: target.kind, period: target.period, value: 'value' in parsed ? parsed.value : null }, serverError: null };
    }),
    takeRemoval: assign(({ context }) => ({ change: { kind: context.target!.kind, period: context.target!.period, value: null }, serverError: null })),
    reset: assign(() => ({ ...EMPTY })),
  },
  guards: {
    typedValueValid: ({ context }) => {
      const parsed = parseLimitValue(context.text, context.whole);
      return 'value' in parsed && parsed.value !== context.target?.current;
    },
    hasLimit: ({ context }) => context.target?.current !== null && context.target?.current !== undefined,
    changeLoosens: ({ context }) => isLoosening(context.target?.current ?? null, context.change?.value ?? null),
  },
}).createMachine({
  id: 'limitChange',
  context: { ...EMPTY },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'limit.opened': { target: 'editing', actions: 'open' },
        'pending.confirmRequested': 'confirmingPending',
        'pending.cancelRequested': 'cancellingPending',
      },
    },
    editing: {
      on: {
        'limit.typed': { actions: 'setText' },
        'limit.submitted': [
          { guard: not('typedValueValid'), actions: 'showFieldError' },
          { target: 'deciding', actions: 'takeTypedValue' },
        ],
        'limit.removeRequested': { guard: 'hasLimit', target: 'reviewing', actions: 'takeRemoval' },
        'limit.cancelled': { target: 'idle', actions: 'reset' },
      },
    },
    deciding: {
      always: [{ guard: 'changeLoosens', target: 'reviewing' }, { target: 'saving' }],
    },
    // A raise or a removal: the member reads that it waits and needs a second confirmation.
    reviewing: {
      on: {
        'limit.confirmed': 'saving',
        'limit.cancelled': { target: 'editing', actions: assign({ change: null }) },
      },
    },
    saving: {
      invoke: {
        src: 'saveLimit',
        input: ({ context }) => context.change!,
        onDone: { target: 'saved', actions: [assign({ saved: ({ event }) => event.output }), 'limitsChanged'] },
        onError: { target: 'editing', actions: assign({ serverError: ({ event }) => codeOf(event.error) }) },
      },
    },
    saved: {
      on: { 'limit.closed': { target: 'idle', actions: 'reset' } },
    },
    confirmingPending: {
      invoke: {
        src: 'confirmPending',
        input: ({ event }) => {
          assertEvent(event, 'pending.confirmRequested');
          return { kind: event.kind, period: event.period };
        },
        onDone: { target: 'idle', actions: [{ type: 'notifyPending', params: { did: 'confirmed', code: null } }, 'limitsChanged'] },
        onError: { target: 'idle', actions: [{ type: 'notifyPending', params: ({ event }) => ({ did: 'failed' as const, code: codeOf(event.error) }) }, 'limitsChanged'] },
      },
    },
    cancellingPending: {
      invoke: {
        src: 'cancelPending',
        input: ({ event }) => {
          assertEvent(event, 'pending.cancelRequested');
          return { kind: event.kind, period: event.period };
        },
        onDone: { target: 'idle', actions: [{ type: 'notifyPending', params: { did: 'cancelled', code: null } }, 'limitsChanged'] },
        onError: { target: 'idle', actions: [{ type: 'notifyPending', params: ({ event }) => ({ did: 'failed' as const, code: codeOf(event.error) }) }, 'limitsChanged'] },
      },
    },
  },
});

export type LimitChangeSnapshot = SnapshotFrom<typeof limitChangeMachine>;
