/**
 * The rules of a launch by hidden form (SPEC section 2: "one provider uses hidden form values"):
 * the server answers where to post and which hidden fields, the client builds the form with DOM
 * calls and submits it. The server checks a provider's answer with these rules, the contract's
 * schema (endpoints/autologin.ts) checks the answer again on the client, and the client's form
 * builder checks once more before it touches the page. No zod here: plain rules both sides share.
 */

/** The only method a launch form uses: a GET would put the fields in the address, and in logs. */
export const LAUNCH_FORM_METHOD = 'POST';

export const LAUNCH_FORM_LIMITS = {
  /** Hidden fields one form may carry. */
  fields: 32,
  /** Characters of one field's value (a signed token fits well within it). */
  valueLength: 4096,
  /** Characters of the action address. */
  actionLength: 2048,
} as const;

/** A field name: a plain identifier, so nothing in it can mean anything to a page but a name. */
export const LAUNCH_FORM_FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/;

/**
 * A sandbox provider's own page: a path on the server that runs the sandbox (the demo game,
 * /sandbox/game/:code), reached by whatever address the member reached the wallet.
 */
export const SANDBOX_FORM_ACTION = /^\/sandbox\/game\/[A-Za-z0-9_-]{1,50}$/;

export const isSandboxFormAction = (action: string) => SANDBOX_FORM_ACTION.test(action);

/**
 * Where a launch form may post: an absolute https address with no login in it, or the sandbox
 * demo game's path. Never http (the fields carry a login token), javascript:, data: or a path
 * elsewhere on our own origin. Which https origins are allowed is the server's configuration
 * (GAME_FORM_ORIGINS), and the page's Content-Security-Policy form-action holds the browser to it.
 */
export function isLaunchFormAction(action: string): boolean {
  if (action.length > LAUNCH_FORM_LIMITS.actionLength) return false;
  if (isSandboxFormAction(action)) return true;
  let url: URL;
  try {
    url = new URL(action);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.username === '' && url.password === '' && url.hostname !== '';
}

/** A hidden field's value: text without NUL, which some servers cut the value at. */
export const isLaunchFormValue = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= LAUNCH_FORM_LIMITS.valueLength && !value.includes('\u0000');
