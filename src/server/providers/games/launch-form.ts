import { isSandboxFormAction, launchForm } from '../../../contract';
import { ProviderFault, type LaunchForm, type LaunchLinks } from './adapter';

/**
 * Where launch forms may post, chosen at the composition root: the https origins of
 * GAME_FORM_ORIGINS (the same list the pages' Content-Security-Policy form-action allows), and in
 * sandbox mode the demo game's own path.
 */
export interface LaunchFormPolicy {
  origins: readonly string[];
  sandbox: boolean;
}

/**
 * A provider's launch form, or ProviderFault. The form carries a login to a page the member's
 * browser posts to, so it must go only where the operator allowed: never to http, a script
 * address or an origin no one configured; its fields are plain names with text values
 * (src/contract/launchForm.ts), which the client puts in hidden inputs by DOM calls.
 */
export function checkLaunchForm(form: unknown, policy: LaunchFormPolicy): LaunchForm {
  const parsed = launchForm.safeParse(form);
  if (!parsed.success) throw new ProviderFault(`malformed launch form: ${parsed.error.issues.map((i) => i.path.join('.') || i.message).join(', ')}`);
  const { action } = parsed.data;
  if (isSandboxFormAction(action)) {
    if (!policy.sandbox) throw new ProviderFault('a sandbox form action outside sandbox mode');
  } else if (!policy.origins.includes(new URL(action).origin)) {
    throw new ProviderFault(`form action origin ${new URL(action).origin} is not in GAME_FORM_ORIGINS`);
  }
  return parsed.data as LaunchForm;
}

const linkOrNull = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || value === '') throw new ProviderFault('a launch link that is not text');
  return value;
};

/** A whole launch answer from outside: links as text or null, a form checked as above, and something to open. */
export function checkLaunchAnswer(answer: unknown, policy: LaunchFormPolicy): LaunchLinks {
  if (!answer || typeof answer !== 'object') throw new ProviderFault('no launch answer');
  const a = answer as Record<string, unknown>;
  const form = a.form === null || a.form === undefined ? null : checkLaunchForm(a.form, policy);
  const links: LaunchLinks = { web: linkOrNull(a.web), android: linkOrNull(a.android), ios: linkOrNull(a.ios), form };
  if (!links.web && !links.form) throw new ProviderFault('neither a web link nor a form');
  // With a form, the address alone opens nothing (it wants the posted fields): no link is shown for it.
  if (links.form) links.web = null;
  return links;
}
