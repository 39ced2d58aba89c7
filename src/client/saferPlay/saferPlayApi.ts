import { fromPromise } from 'xstate';
import type { ExclusionTicket, PauseChoice, PauseRequest, PauseStarted } from '../../../machines/breakOrExclusionMachine';
import type { LimitChange, LimitKind, LimitPeriod, LimitSaved } from '../../../machines/limitChangeMachine';
import type { RealityCheck } from '../../../machines/realityCheckMachine';
import type { BreakLength, ExclusionLength } from '../../contract/saferPlay';
import { call, endpoints } from '../api';
import type { ResponseOf } from '../../contract';

/** GET /api/safer-play: the member's limits, pause and restriction. */
export type SaferPlayStatus = ResponseOf<typeof endpoints.saferPlay>;
export type LimitView = SaferPlayStatus['limits'][number];

/** What a set or removal did to the one limit, read from the whole status the server answers. */
export const limitSavedFrom = (status: SaferPlayStatus, kind: LimitKind, period: LimitPeriod): LimitSaved => {
  const limit = status.limits.find((l) => l.kind === kind && l.period === period);
  const pending = limit?.pending ?? null;
  return { applied: pending === null, pending: pending && { value: pending.value, confirmableAt: pending.confirmableAt, lapsesAt: pending.lapsesAt } };
};

/** The limits machine's calls on the real API. */
export const limitActors = {
  saveLimit: fromPromise<LimitSaved, LimitChange>(async ({ input: { kind, period, value } }) => {
    const status =
      value === null
        ? await call(endpoints.saferPlayLimitRemove, { params: { kind, period } })
        : await call(endpoints.saferPlayLimitSet, { params: { kind, period }, body: { value } });
    return limitSavedFrom(status, kind, period);
  }),
  confirmPending: fromPromise<unknown, { kind: LimitKind; period: LimitPeriod }>(({ input }) => call(endpoints.saferPlayLimitConfirm, { params: input })),
  cancelPending: fromPromise<unknown, { kind: LimitKind; period: LimitPeriod }>(({ input }) => call(endpoints.saferPlayLimitCancel, { params: input })),
};

/** The break-or-exclusion machine's calls: a break in one, a self-exclusion in two (ask, then confirm with the ticket). */
export const pauseActors = {
  askExclusion: fromPromise<ExclusionTicket, PauseChoice>(async ({ input }) => {
    const answer = await call(endpoints.saferPlayExclusionAsk, { body: { length: input.length as ExclusionLength } });
    return { confirmToken: answer.confirmToken, endsAt: answer.endsAt };
  }),
  startPause: fromPromise<PauseStarted, PauseRequest>(async ({ input }) => {
    const status =
      input.kind === 'break'
        ? await call(endpoints.saferPlayBreak, { body: { length: input.length as BreakLength, confirm: true } })
        : await call(endpoints.saferPlayExclusion, { body: { length: input.length as ExclusionLength, confirmToken: input.confirmToken ?? '' } });
    return { endsAt: status.pause?.endsAt ?? null };
  }),
};

/** The reality check's calls. */
export const realityActors = {
  readCheck: fromPromise<RealityCheck>(() => call(endpoints.saferPlayRealityCheck)),
  acknowledge: fromPromise<RealityCheck>(() => call(endpoints.saferPlayRealityCheckAck)),
};
