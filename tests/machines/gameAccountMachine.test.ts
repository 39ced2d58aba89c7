import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { gameAccountMachine, type GameCredentials, type GameLaunch, type LaunchPlatform } from '../../machines/gameAccountMachine';

class CodedError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const LOGIN: GameCredentials = { username: 'pg_0001', password: 'first-pass', event: null };

interface Fakes {
  activate?: () => Promise<unknown>;
  credentials?: () => Promise<GameCredentials>;
  reset?: () => Promise<unknown>;
  launch?: (platform: LaunchPlatform, credentials: GameCredentials) => Promise<GameLaunch>;
}

/** The machine with fake actors that record their calls, and the app's actions recorded too. */
function start(isActive: boolean, fakes: Fakes = {}) {
  const calls: string[] = [];
  const opened: GameLaunch[] = [];
  const actions: string[] = [];
  let credentials = LOGIN;
  const actor = createActor(
    gameAccountMachine.provide({
      actors: {
        activateAccount: fromPromise(async ({ input }) => {
          calls.push(`activate ${input.code}`);
          return (fakes.activate ?? (async () => ({ isActive: true })))();
        }),
        fetchCredentials: fromPromise(async ({ input }) => {
          calls.push(`credentials ${input.code}`);
          return (fakes.credentials ?? (async () => credentials))();
        }),
        resetPassword: fromPromise(async ({ input }) => {
          calls.push(`reset ${input.code}`);
          const answer = await (fakes.reset ?? (async () => ({ message: 'OK' })))();
          credentials = { ...credentials, password: 'second-pass' };
          return answer;
        }),
        resolveLaunch: fromPromise(async ({ input }) => {
          calls.push(`launch ${input.code} ${input.platform} as ${input.credentials.username}`);
          return (fakes.launch ?? (async () => ({ url: 'https://game.example/play', form: null })))(input.platform, input.credentials);
        }),
      },
      actions: {
        accountActivated: () => void actions.push('accountActivated'),
        passwordChanged: () => void actions.push('passwordChanged'),
        launchFailed: () => void actions.push('launchFailed'),
        openGame: (_, launch) => void opened.push(launch),
      },
    }),
    { input: { code: 'PG', isActive } },
  ).start();
  return { actor, calls, opened, actions, state: () => actor.getSnapshot() };
}

describe('game account modal', () => {
  it('activates an inactive account, then fetches its credentials', async () => {
    const run = start(false);
    expect(run.state().value).toBe('inactive');
    expect(run.state().can({ type: 'game.launch', platform: 'web' })).toBe(false);
    expect(run.state().can({ type: 'password.reset' })).toBe(false);

    run.actor.send({ type: 'account.activate' });
    expect(run.state().value).toBe('activating');
    expect(run.state().can({ type: 'account.activate' })).toBe(false);
    await settle();
    await settle();
    expect(run.calls).toEqual(['activate PG', 'credentials PG']);
    expect(run.actions).toEqual(['accountActivated']);
    expect(run.state().value).toEqual({ active: 'ready' });
    expect(run.state().context.credentials).toEqual(LOGIN);
  });

  it('swallows an activation failure and offers activation again (SPEC section 8)', async () => {
    const run = start(false, { activate: async () => Promise.reject(new CodedError('SLOT_ACTIVATE_FAIL')) });
    run.actor.send({ type: 'account.activate' });
    await settle();
    expect(run.state().value).toBe('inactive');
    expect(run.state().context.error).toBeNull();
    expect(run.actions).toEqual([]);
    expect(run.state().can({ type: 'account.activate' })).toBe(true);
  });

  it('fetches the credentials of an account that is already active at once', async () => {
    const run = start(true);
    expect(run.state().value).toBe('loadingCredentials');
    await settle();
    expect(run.state().value).toEqual({ active: 'ready' });
    expect(run.calls).toEqual(['credentials PG']);
  });

  it('shows a credentials failure and retries on demand', async () => {
    let fail = true;
    const run = start(true, { credentials: async () => (fail ? Promise.reject(new CodedError('SLOT_NO_ACCOUNT')) : LOGIN) });
    await settle();
    expect(run.state().value).toBe('credentialsFailed');
    expect(run.state().context.error).toBe('SLOT_NO_ACCOUNT');
    fail = false;
    run.actor.send({ type: 'credentials.retry' });
    await settle();
    expect(run.state().value).toEqual({ active: 'ready' });
    expect(run.state().context.error).toBeNull();
  });

  it('resets the password, stays active and fetches the new credentials', async () => {
    const run = start(true);
    await settle();
    run.actor.send({ type: 'password.reset' });
    expect(run.state().value).toEqual({ active: 'resetting' });
    // Nothing else may start meanwhile.
    expect(run.state().can({ type: 'game.launch', platform: 'web' })).toBe(false);
    await settle();
    await settle();
    expect(run.calls).toEqual(['credentials PG', 'reset PG', 'credentials PG']);
    expect(run.actions).toEqual(['passwordChanged']);
    expect(run.state().value).toEqual({ active: 'ready' });
    expect(run.state().context.credentials?.password).toBe('second-pass');
  });

  it('keeps the old credentials when a reset fails, with its code', async () => {
    const run = start(true, { reset: async () => Promise.reject(new CodedError('SLOT_RESET_PASSWORD_FAIL')) });
    await settle();
    run.actor.send({ type: 'password.reset' });
    await settle();
    expect(run.state().value).toEqual({ active: 'ready' });
    expect(run.state().context.error).toBe('SLOT_RESET_PASSWORD_FAIL');
    expect(run.state().context.credentials).toEqual(LOGIN);
    run.actor.send({ type: 'error.dismissed' });
    expect(run.state().context.error).toBeNull();
  });

  it('resolves a launch with the credentials and hands the link to the app', async () => {
    const run = start(true, {
      launch: async (platform, login) => ({ url: `https://game.example/${platform}`, form: login.event }),
    });
    await settle();
    run.actor.send({ type: 'game.launch', platform: 'web' });
    expect(run.state().value).toEqual({ active: 'launching' });
    expect(run.state().context.launching).toBe('web');
    expect(run.state().can({ type: 'game.launch', platform: 'ios' })).toBe(false);
    await settle();
    expect(run.calls.at(-1)).toBe('launch PG web as pg_0001');
    expect(run.opened).toEqual([{ url: 'https://game.example/web', form: null }]);
    expect(run.state().value).toEqual({ active: 'ready' });
    expect(run.state().context.launching).toBeNull();
  });

  it('reports a launch failure and lets the app close its waiting tab', async () => {
    const run = start(true, { launch: async () => Promise.reject(new CodedError('SLOT_NO_ACCOUNT')) });
    await settle();
    run.actor.send({ type: 'game.launch', platform: 'android' });
    await settle();
    expect(run.opened).toEqual([]);
    expect(run.actions).toEqual(['launchFailed']);
    expect(run.state().context.error).toBe('SLOT_NO_ACCOUNT');
    expect(run.state().can({ type: 'game.launch', platform: 'web' })).toBe(true);
  });

  it('reads a network failure without a code as NETWORK_ERROR', async () => {
    const run = start(true, { launch: async () => Promise.reject(new Error('offline')) });
    await settle();
    run.actor.send({ type: 'game.launch', platform: 'web' });
    await settle();
    expect(run.state().context.error).toBe('NETWORK_ERROR');
  });
});
