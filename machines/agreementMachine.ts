import { assign, fromPromise, setup } from 'xstate';
import { DELAYS } from '../src/contract/constants';

/**
 * The agreement modal (SPEC section 2): 1.5 s after the member's home loads, if the server says
 * the current agreement is not accepted, the agreements are shown; closing them records
 * acceptance. Leaving home before the modal opens cancels it. Errors of the check and of the
 * list are swallowed (SPEC section 8: the modal just does not open); a failed acceptance is
 * told by `notifyAcceptFailed` and asked again on the next visit. `rememberAccepted` keeps the
 * device's flag, so a member who accepted is not asked again in this session.
 */

export interface AgreementInput {
  /** The device's remember-agreement flag (cleared with the session). */
  acceptedOnDevice: boolean;
}

export interface AgreementContext {
  acceptedOnDevice: boolean;
  version: number;
  agreements: string[];
}

export type AgreementEvent = { type: 'home.entered' } | { type: 'home.left' } | { type: 'agreement.closed' };

export const agreementMachine = setup({
  types: { context: {} as AgreementContext, events: {} as AgreementEvent, input: {} as AgreementInput },
  actors: {
    checkAgreement: fromPromise<{ version: number; accepted: boolean }>(() =>
      Promise.reject(new Error("agreementMachine: provide the 'checkAgreement' actor")),
    ),
    loadAgreements: fromPromise<string[]>(() => Promise.reject(new Error("agreementMachine: provide the 'loadAgreements' actor"))),
    acceptAgreement: fromPromise<unknown, { version: number }>(() =>
      Promise.reject(new Error("agreementMachine: provide the 'acceptAgreement' actor")),
    ),
  },
  actions: {
    rememberAccepted: () => {},
    notifyAcceptFailed: (_, _params: { error: unknown }) => {},
  },
  guards: {
    acceptedOnDevice: ({ context }) => context.acceptedOnDevice,
    acceptedOnServer: (_, params: { accepted: boolean }) => params.accepted,
    nothingToShow: (_, params: { agreements: string[] }) => params.agreements.length === 0,
  },
  delays: { agreementDelay: DELAYS.agreementModalMs },
}).createMachine({
  id: 'agreement',
  context: ({ input }) => ({ acceptedOnDevice: input.acceptedOnDevice, version: 0, agreements: [] }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'acceptedOnDevice', target: 'accepted' },
        { target: 'idle' },
      ],
    },
    idle: {
      on: { 'home.entered': 'waiting' },
    },
    waiting: {
      after: { agreementDelay: 'checking' },
      on: { 'home.left': 'idle' },
    },
    checking: {
      invoke: {
        src: 'checkAgreement',
        onDone: [
          {
            guard: { type: 'acceptedOnServer', params: ({ event }) => ({ accepted: event.output.accepted }) },
            target: 'accepted',
            actions: 'rememberAccepted',
          },
          { target: 'loading', actions: assign({ version: ({ event }) => event.output.version }) },
        ],
        onError: 'idle',
      },
      on: { 'home.left': 'idle' },
    },
    loading: {
      invoke: {
        src: 'loadAgreements',
        onDone: [
          // Nothing to agree to: nothing to show.
          { guard: { type: 'nothingToShow', params: ({ event }) => ({ agreements: event.output }) }, target: 'idle' },
          { target: 'showing', actions: assign({ agreements: ({ event }) => event.output }) },
        ],
        onError: 'idle',
      },
      on: { 'home.left': 'idle' },
    },
    showing: {
      on: { 'agreement.closed': 'accepting' },
    },
    accepting: {
      invoke: {
        src: 'acceptAgreement',
        input: ({ context }) => ({ version: context.version }),
        onDone: { target: 'accepted', actions: 'rememberAccepted' },
        onError: { target: 'idle', actions: { type: 'notifyAcceptFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    accepted: {},
  },
});
