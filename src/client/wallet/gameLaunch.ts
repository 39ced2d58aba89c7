import type { GameCredentials, GameLaunch, LaunchPlatform } from '../../../machines/gameAccountMachine';
import {
  endpoints,
  isLaunchFormAction,
  isLaunchFormValue,
  LAUNCH_FORM_FIELD_NAME,
  LAUNCH_FORM_LIMITS,
  PROVIDER_LAUNCH_CALLS,
  type Endpoint,
} from '../../contract';
import { call } from '../api';
import type { GameAccount } from './balance';

/**
 * Launching a game (SPEC section 2): each of the sixteen providers with its own login handler gets
 * its launch from `/api/autoLogin/<provider>/...` (SPEC section 7's eleven, and the product's five
 * of the same shape) with the account's credentials, at the tap: a link to open, or a hidden form
 * to post. Any other provider opens the web url the wallet gives. Android and iOS open the app
 * links as given.
 */

type AutoLogin = { endpoint: Endpoint; withPassword: boolean };

export const AUTO_LOGIN: Readonly<Record<string, AutoLogin>> = PROVIDER_LAUNCH_CALLS;

type Links = Pick<GameAccount, 'code' | 'web' | 'android' | 'ios'>;

/** Whether the button for a platform can do anything: a provider with a login handler always launches on the web. */
export const canLaunch = (account: Links, platform: LaunchPlatform): boolean =>
  platform === 'web' ? Boolean(AUTO_LOGIN[account.code]) || account.web !== null : account[platform] !== null;

/** A launch form this page will not post: the member sees GAME_LAUNCH_FAIL (the machine reads `code`). */
export class LaunchFormRefused extends Error {
  readonly code = 'GAME_LAUNCH_FAIL';
  constructor(reason: string) {
    super(`launch form refused: ${reason}`);
    this.name = 'LaunchFormRefused';
  }
}

/**
 * Refuses a form the page must not post (src/contract/launchForm.ts): an action that is not
 * https or the sandbox demo game's path, more fields than allowed, a name that is not a plain
 * identifier, a value that is not text. The contract's schema checked the answer already; this
 * stands between any caller and the page.
 */
export function checkLaunchForm(action: string, fields: Record<string, unknown>): asserts fields is Record<string, string> {
  if (!isLaunchFormAction(action)) throw new LaunchFormRefused('action not allowed');
  const entries = Object.entries(fields);
  if (entries.length > LAUNCH_FORM_LIMITS.fields) throw new LaunchFormRefused('too many fields');
  for (const [name, value] of entries) {
    if (!LAUNCH_FORM_FIELD_NAME.test(name)) throw new LaunchFormRefused('field name not allowed');
    if (!isLaunchFormValue(value)) throw new LaunchFormRefused('field value not text');
  }
}

/**
 * The account's links as the wallet gives them now. Links a provider signs are bound to the
 * password and expire (the sandbox's after 30 minutes), so the ones the home loaded may be stale
 * by the time the member taps Play: after a password reset they open "Game link expired".
 */
async function currentLinks(code: string): Promise<Links> {
  const home = await call(endpoints.wallet);
  const slot = home.slots.find((s) => s.code === code);
  if (!slot) throw new Error(`no game account ${code}`);
  return slot;
}

/** What to open for a platform: a link, or the hidden form to post (url is then its action). */
export async function resolveGameLaunch(account: Links, platform: LaunchPlatform, credentials: GameCredentials): Promise<GameLaunch> {
  const auto = AUTO_LOGIN[account.code];
  if (platform === 'web' && auto) {
    const params = auto.withPassword ? { username: credentials.username, password: credentials.password } : { username: credentials.username };
    // The contract types each endpoint's params; this table holds them all, so the call is loose here.
    const answer = await call(auto.endpoint as typeof endpoints.autoLoginAskmebet, { params: params as { username: string; password: string } });
    if ('link' in answer) return { url: answer.link, form: null };
    checkLaunchForm(answer.form.action, answer.form.fields);
    return { url: answer.form.action, form: answer.form.fields };
  }
  const link = (await currentLinks(account.code))[platform];
  if (!link) throw new Error(`no ${platform} link for ${account.code}`);
  return { url: link, form: null };
}

/** VITE_GAME_LAUNCH_TARGET: 'same-tab' opens games in this tab; anything else in a new one. */
export type LaunchTarget = 'new-tab' | 'same-tab';
export const launchTarget = (setting: string | undefined): LaunchTarget => (setting === 'same-tab' ? 'same-tab' : 'new-tab');

/**
 * The hidden form of a form launch, built with DOM calls only (never markup: a value is set as a
 * property and cannot become an element or a script), checked first. `target` is the window it
 * posts into: '_self', a waiting tab's name, or '_blank'. A sandbox action (a path) posts to
 * this page's origin.
 */
export function buildHiddenForm(doc: Document, action: string, fields: Record<string, string>, target: string): HTMLFormElement {
  checkLaunchForm(action, fields);
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = new URL(action, doc.location.href).href;
  form.acceptCharset = 'UTF-8';
  form.target = target;
  // A tab of its own must not reach back into the wallet's page.
  if (target === '_blank') form.setAttribute('rel', 'noopener noreferrer');
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  return form;
}

/**
 * A tab opened in the click itself, so popup blockers allow it; the game's address is put in it
 * once the auto-login call answers. Returns null when the build opens games in this tab, or
 * when the browser refused the tab (the link then opens without it).
 */
export function openWaitingTab(target: LaunchTarget): { window: Window; name: string } | null {
  if (target === 'same-tab') return null;
  const name = `game-${Math.random().toString(36).slice(2)}`;
  const tab = window.open('about:blank', name);
  return tab ? { window: tab, name } : null;
}

/** Sends the member to the game: in the waiting tab, a new tab, or this tab; by a posted form when the launch is one. */
export function openGame(launch: GameLaunch, target: LaunchTarget, waiting: { window: Window; name: string } | null) {
  const tab = target !== 'same-tab' && waiting && !waiting.window.closed ? waiting : null;
  // The game must not reach back into the wallet's page.
  if (tab) tab.window.opener = null;
  if (launch.form) {
    const form = buildHiddenForm(document, launch.url, launch.form, target === 'same-tab' ? '_self' : (tab?.name ?? '_blank'));
    document.body.append(form);
    form.submit();
    form.remove();
    return;
  }
  if (target === 'same-tab') {
    window.location.assign(launch.url);
    return;
  }
  if (tab) {
    tab.window.location.replace(launch.url);
  } else {
    window.open(launch.url, '_blank', 'noopener');
  }
}

/**
 * One modal's launches: `prepare()` in the click opens the waiting tab, `open()` sends it to the
 * game once the link is known, `abandon()` closes it when the launch failed.
 */
export function createLauncher(target: LaunchTarget) {
  let waiting: ReturnType<typeof openWaitingTab> = null;
  return {
    prepare() {
      waiting = openWaitingTab(target);
    },
    open(launch: GameLaunch) {
      openGame(launch, target, waiting);
      waiting = null;
    },
    abandon() {
      waiting?.window.close();
      waiting = null;
    },
  };
}
