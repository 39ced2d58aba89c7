import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import en from '../../locales/en.json';
import la from '../../locales/la.json';
import th from '../../locales/th.json';
import { url } from './harness';

/** What the journeys share: the three locales, their scripts, the API as the client calls it, and a new member. */
export const LOCALES = { th, la, en } as const;
export type Locale = keyof typeof LOCALES;
/**
 * The locales a whole journey (journeys, safer-play, truth, accessibility) runs in: all three
 * unless E2E_JOURNEY_LOCALES names some. CI names one per commit, in turn (.ci/run): a journey
 * three times over is most of CI's time, and what differs between languages (every string, the
 * screens read in each) is checked in all three by the other files and check-locales.
 */
export const JOURNEY_LOCALES: Locale[] = (process.env.E2E_JOURNEY_LOCALES ?? 'th,la,en')
  .split(',').map((l) => l.trim()).filter((l): l is Locale => l in LOCALES);
export const THAI = /[\u0E00-\u0E7F]/;
export const LAO = /[\u0E80-\u0EFF]/;

export const CLIENT = { 'x-client': 'member-wallet', 'content-type': 'application/json' };

/** Fills an i18next template's {{names}} as the client does. */
export const fill = (template: string, vars: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? `{{${name}}}`);

export async function api<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(url(path), {
    method,
    headers: { ...CLIENT, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

export const chooseLanguage = async (p: Page, locale: Locale) => {
  await p.getByTestId('language-trigger').click();
  await p.locator(`[role="menuitemradio"][data-locale="${locale}"]`).click();
};

/** Logs a registered member in from /login, in the given language (English unless told), to the home. */
export async function logIn(p: Page, who: { phone: string; password: string }, locale: Locale = 'en') {
  const t = LOCALES[locale];
  await p.goto('/login');
  await chooseLanguage(p, locale);
  await p.getByLabel(t.login.phone).fill(who.phone);
  await p.getByLabel(t.login.password, { exact: true }).fill(who.password);
  await p.getByRole('button', { name: t.login.submit, exact: true }).click();
  await p.waitForURL('**/user/home');
}

/** Moves `amount` between the wallet and a game through the home's transfer dialog, and closes its "done" alert. */
export async function transferOnHome(p: Page, locale: Locale, from: string, to: string, amount: string) {
  const t = LOCALES[locale];
  await p.getByTestId('widget-transfer').click();
  const transfer = p.getByRole('dialog', { name: t.transfer.title });
  await transfer.getByLabel(t.transfer.from).selectOption(from);
  await transfer.getByLabel(t.transfer.to).selectOption(to);
  await transfer.getByLabel(t.transfer.amount).fill(amount);
  await p.getByTestId('transfer-submit').click();
  const done = p.getByRole('alertdialog', { name: t.transfer.doneTitle });
  await done.waitFor({ timeout: 20_000 });
  await done.getByRole('button', { name: t.common.ok }).click();
}

/**
 * Opens the member area with a session made elsewhere. The token is stored from a static file
 * of the same origin, not from /login: the public shell forgets any stored session when it
 * mounts (SPEC section 2), and on a loaded machine that can happen after the load event,
 * wiping a token set too early.
 */
export async function openAsMember(p: Page, token: string, locale: Locale, path: string) {
  await p.goto('/favicon.svg');
  await p.evaluate(([t, l]) => { sessionStorage.setItem('token', t); localStorage.setItem('locale', l); }, [token, locale]);
  await p.goto(path);
}

/**
 * Registers a member the way the register screens do (OTP through the sandbox inbox when it
 * is on) and logs in. Unless told otherwise, the agreement (its own issue) is accepted up front
 * so that its modal does not cover the page under test.
 */
export async function registerMember(who: { name: string; phonePrefix?: string; accountPrefix: string; acceptAgreement?: boolean; inviteCode?: string }) {
  const digits = String(Date.now()).slice(-8);
  const phone = `${who.phonePrefix ?? '08'}${digits}`;
  const password = 'secret-123';
  const { body: otpFlag } = await api<{ registerOTP: boolean }>('GET', '/api/lookup/registerOTP');
  let otpToken: string | undefined;
  if (otpFlag.registerOTP) {
    const sent = await api<{ otpToken: string; code: string }>('POST', '/api/otp/send', { phoneNumber: phone });
    expect(sent.status).toBe(200);
    otpToken = sent.body.otpToken;
    if (sent.body.code !== 'OTP_VERIFIED') {
      const inbox = await api<{ messages: { code: string }[] }>('GET', `/api/sandbox/sms?phone=${phone}`);
      expect(inbox.status).toBe(200);
      const verified = await api('POST', '/api/otp/verify', { otpToken, otpCode: inbox.body.messages[0].code });
      expect(verified.status).toBe(200);
    }
  }
  const created = await api('POST', '/api/account', {
    name: who.name,
    username: phone,
    password,
    bankCode: 'SCB',
    bankAccountName: who.name.toUpperCase(),
    bankAccountNo: `${who.accountPrefix}${digits}`,
    ...(otpToken ? { otpToken } : {}),
    ...(who.inviteCode ? { inviteCode: who.inviteCode } : {}),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);

  const login = await api<{ token: string }>('POST', '/api/login', { username: phone, password });
  expect(login.status).toBe(200);
  const auth = { authorization: `Bearer ${login.body.token}` };
  if (who.acceptAgreement ?? true) {
    const agreement = await api<{ version: number; accepted: boolean }>('GET', '/api/account/agreement', undefined, auth);
    if (agreement.status === 200 && !agreement.body.accepted) await api('POST', '/api/account/agreement', { version: agreement.body.version }, auth);
  }
  return { phone, password, auth };
}

/**
 * Whether `target` is what the member sees and touches at its own centre: the element the browser
 * hit-tests there (document.elementFromPoint) is it or inside it. A toast under a modal dialog's
 * top layer fails this, however high its z-index.
 */
export const isTopAtItsCentre = (target: Locator) =>
  target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && el.contains(hit);
  });

/**
 * The home's lobby starts as the games near the screen (HomeScreen): scrolls them there, and
 * answers once the lobby's canvas has drawn its cards.
 */
export async function showLobby(p: Page) {
  const games = p.getByTestId('home-games');
  const ready = p.locator('.lobby__stage[data-ready="true"]');
  // The games' place is final once the home's answer is drawn (its list stands there until the
  // lobby's canvas replaces it); a scroll before that may be undone as the content above arrives.
  await games.locator(':scope > *').first().waitFor();
  const until = Date.now() + 30_000;
  for (;;) {
    await games.scrollIntoViewIfNeeded();
    try {
      await ready.waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
    }
  }
}
