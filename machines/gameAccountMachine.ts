import { assertEvent, assign, fromPromise, setup } from 'xstate';

/**
 * The game account modal (SPEC sections 2 and 4): an inactive account is activated, then its
 * credentials are fetched; a password reset keeps it active and fetches them again; a launch
 * resolves the game's link for one platform and hands it to the app to open.
 *
 *   inactive ── account.activate ──▶ activating ──▶ loadingCredentials ──▶ active.ready
 *      ▲                                 │ error (swallowed, SPEC 8)   │ error      │ password.reset ──▶ active.resetting ──▶ loadingCredentials
 *      └─────────────────────────────────┘        credentialsFailed ◀──┘            │ game.launch ──▶ active.launching ──▶ active.ready (openGame)
 *
 * No React, no axios, no window: the calls are the `activateAccount`, `fetchCredentials`,
 * `resetPassword` and `resolveLaunch` actors, and opening the game is the `openGame` action,
 * all swapped with `machine.provide(...)` by the app and by tests.
 */

export type LaunchPlatform = 'web' | 'android' | 'ios';

export interface GameCredentials {
  username: string;
  password: string;
  /** Hidden form values, for a provider that launches by form post (its launch asks for fresh ones). */
  event: Record<string, string> | null;
}

/** Where to send the member: a link to open, or hidden fields to post (method POST) to `url`, the form's action. */
export interface GameLaunch {
  url: string;
  form: Record<string, string> | null;
}

export interface GameAccountInput {
  code: string;
  isActive: boolean;
}

export interface GameAccountContext {
  code: string;
  /** The account was already active when the modal opened: its credentials are fetched at once. */
  openedActive: boolean;
  credentials: GameCredentials | null;
  /** The server's code of the last failure the member should see (reset, launch, credentials). */
  error: string | null;
  /** The platform a launch is under way for. */
  launching: LaunchPlatform | null;
}

export type GameAccountEvent =
  | { type: 'account.activate' }
  | { type: 'credentials.retry' }
  | { type: 'password.reset' }
  | { type: 'game.launch'; platform: LaunchPlatform }
  | { type: 'error.dismissed' };

/** Reads the code of whatever an actor rejected with (an ApiError has `code`). */
export const errorCode = (error: unknown): string =>
  error && typeof error === 'object' && 'code' in error && typeof (error as { code: unknown }).code === 'string'
    ? (error as { code: string }).code
    : 'NETWORK_ERROR';

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`gameAccountMachine: provide the ${name} actor`);
};

export const gameAccountMachine = setup({
  types: {
    context: {} as GameAccountContext,
    events: {} as GameAccountEvent,
    input: {} as GameAccountInput,
  },
  actors: {
    activateAccount: fromPromise<unknown, { code: string }>(notProvided('activateAccount')),
    fetchCredentials: fromPromise<GameCredentials, { code: string }>(notProvided('fetchCredentials')),
    resetPassword: fromPromise<unknown, { code: string }>(notProvided('resetPassword')),
    resolveLaunch: fromPromise<GameLaunch, { code: string; platform: LaunchPlatform; credentials: GameCredentials }>(notProvided('resolveLaunch')),
  },
  actions: {
    /** The account is now active: the app reloads the wallet so the lobby shows it. */
    accountActivated: () => {},
    /** The password changed: the app tells the member. */
    passwordChanged: () => {},
    /** Opens the game; the app decides the tab and posts hidden forms. */
    openGame: (_, _launch: GameLaunch) => {},
    /** A launch failed: the app closes the tab it may have opened for it. */
    launchFailed: () => {},
    rememberError: assign({ error: ({ event }) => ('error' in event ? errorCode(event.error) : null) }),
    clearError: assign({ error: null }),
  },
  guards: {
    openedActive: ({ context }) => context.openedActive,
  },
}).createMachine({
  id: 'gameAccount',
  context: ({ input }) => ({ code: input.code, openedActive: input.isActive, credentials: null, error: null, launching: null }),
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: 'openedActive', target: 'loadingCredentials' }, { target: 'inactive' }],
    },
    inactive: {
      on: { 'account.activate': { target: 'activating', actions: 'clearError' } },
    },
    activating: {
      invoke: {
        src: 'activateAccount',
        input: ({ context }) => ({ code: context.code }),
        onDone: { target: 'loadingCredentials', actions: 'accountActivated' },
        // SPEC section 8: game activation errors are swallowed; the button comes back.
        onError: { target: 'inactive' },
      },
    },
    loadingCredentials: {
      invoke: {
        src: 'fetchCredentials',
        input: ({ context }) => ({ code: context.code }),
        onDone: { target: 'active', actions: assign({ credentials: ({ event }) => event.output }) },
        onError: { target: 'credentialsFailed', actions: 'rememberError' },
      },
    },
    credentialsFailed: {
      on: { 'credentials.retry': { target: 'loadingCredentials', actions: 'clearError' } },
    },
    active: {
      initial: 'ready',
      on: { 'error.dismissed': { actions: 'clearError' } },
      states: {
        ready: {
          on: {
            'password.reset': { target: 'resetting', actions: 'clearError' },
            'game.launch': {
              target: 'launching',
              actions: [
                'clearError',
                assign({
                  launching: ({ event }) => {
                    assertEvent(event, 'game.launch');
                    return event.platform;
                  },
                }),
              ],
            },
          },
        },
        resetting: {
          invoke: {
            src: 'resetPassword',
            input: ({ context }) => ({ code: context.code }),
            onDone: { target: '#gameAccount.loadingCredentials', actions: 'passwordChanged' },
            onError: { target: 'ready', actions: 'rememberError' },
          },
        },
        launching: {
          invoke: {
            src: 'resolveLaunch',
            input: ({ context }) => ({ code: context.code, platform: context.launching!, credentials: context.credentials! }),
            onDone: {
              target: 'ready',
              actions: [{ type: 'openGame', params: ({ event }) => event.output }, assign({ launching: null })],
            },
            onError: { target: 'ready', actions: ['rememberError', 'launchFailed', assign({ launching: null })] },
          },
        },
      },
    },
  },
});

export type GameAccountMachine = typeof gameAccountMachine;
