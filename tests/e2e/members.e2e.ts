import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import la from '../../locales/la.json';
import th from '../../locales/th.json';
import { fontsReady, launchChromium, phoneContext, screenshot, url } from './harness';
import { openAsMember } from './support';

/**
 * Issue 3 as a new member lives it: member A registers through the wizard; B opens A's invite
 * link (/register?code=PR<A's id>), reads the OTP from the sandbox inbox, completes the four
 * steps, is sent to /login, logs in, accepts the agreement (which then stays away), finds the
 * data entered on the profile, and changes the password, after which only the new one works.
 * Screenshots of every step in th, la and en go to test-results/.
 */

const LOCALES = { th, la, en } as const;
type Locale = keyof typeof LOCALES;
const ALL: Locale[] = ['th', 'la', 'en'];
const THAI = /[\u0E00-\u0E7F]/;
const LAO = /[\u0E80-\u0EFF]/;
const CLIENT = { 'x-client': 'member-wallet' };

const fill = (template: string, vars: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`));

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

const openPage = async (): Promise<Page> => {
  const context = await phoneContext(browser);
  contexts.push(context);
  return context.newPage();
};

/** A Thai mobile number nobody has yet: 08 and eight digits. */
let serial = 0;
const freshPhone = () => `08${String((Date.now() + serial++ * 7919) % 100_000_000).padStart(8, '0')}`;

/** The newest OTP the sandbox SMS inbox holds for a phone, waiting for it to arrive. */
async function otpFor(phone: string, notCode?: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(url(`/api/sandbox/sms?phone=${phone}`), { headers: CLIENT });
    if (response.ok) {
      const { messages } = (await response.json()) as { messages: { code: string }[] };
      if (messages.length > 0 && messages[0].code !== notCode) return messages[0].code;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no OTP arrived for ${phone}`);
}

/** The password reset code the sandbox SMS inbox holds for a phone, by the reference the page shows. */
async function resetCodeFor(phone: string, ref: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(url(`/api/sandbox/sms?phone=${phone}`), { headers: CLIENT });
    const { messages } = (await response.json()) as { messages: { code: string; text: string }[] };
    const sent = messages.find((m) => m.text.includes(`Ref: ${ref}`));
    if (sent) return sent.code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no reset code ${ref} arrived for ${phone}`);
}

async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(url(path), {
    method,
    headers: { ...CLIENT, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** A member made through the API, logged in, the agreement accepted: its session token. */
async function memberSession(): Promise<string> {
  const phone = freshPhone();
  const sent = await api<{ otpToken: string; code: string }>('POST', '/api/otp/send', { phoneNumber: phone });
  if (sent.code !== 'OTP_VERIFIED') await api('POST', '/api/otp/verify', { otpToken: sent.otpToken, otpCode: await otpFor(phone) });
  await api('POST', '/api/account', {
    name: 'Editor Test', username: phone, password: 'editor-pass-1', bankCode: 'SCB',
    bankAccountName: 'EDITOR TEST', bankAccountNo: `41${phone.slice(-8)}`, otpToken: sent.otpToken || undefined,
  });
  const { token } = await api<{ token: string }>('POST', '/api/login', { username: phone, password: 'editor-pass-1' });
  const { version } = await api<{ version: number }>('GET', '/api/account/agreement', undefined, token);
  await api('POST', '/api/account/agreement', { version }, token);
  return token;
}

const chooseLanguage = async (p: Page, locale: Locale) => {
  await p.getByTestId('language-trigger').click();
  await p.locator(`[role="menuitemradio"][data-locale="${locale}"]`).click();
  await expect.poll(() => p.evaluate(() => localStorage.getItem('locale'))).toBe(locale);
};

/** The visible text is in the script of the language, and only in that one. */
const expectScript = async (p: Page, locale: Locale, scope: Locator = p.locator('body')) => {
  const text = (await scope.allInnerTexts()).join('\n');
  if (locale === 'th') expect(text).toMatch(THAI);
  if (locale === 'la') expect(text).toMatch(LAO);
  if (locale !== 'th') expect(text).not.toMatch(THAI);
  if (locale !== 'la') expect(text).not.toMatch(LAO);
};

const noSidewaysScroll = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** One screenshot per language of what the page shows now. */
async function shootInEveryLanguage(p: Page, name: string, check?: (locale: Locale) => Promise<void>) {
  for (const locale of ALL) {
    await chooseLanguage(p, locale);
    if (check) await check(locale);
    expect(await noSidewaysScroll(p)).toBe(0);
    await fontsReady(p);
    // What a 390×844 phone shows: the top of the page, and its end when it is taller.
    await p.evaluate(() => window.scrollTo(0, 0));
    await screenshot(p, `${name}-${locale}`);
    if (await p.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 8)) {
      await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await screenshot(p, `${name}-${locale}-end`);
      await p.evaluate(() => window.scrollTo(0, 0));
    }
  }
}

const stepHeading = (p: Page) => p.locator('.stepper__item--current .stepper__label');

interface Member {
  phone: string;
  password: string;
  name: string;
  bankCode: string;
  firstName: string;
  lastName: string;
  accountNo: string;
}

/** The four steps of /register, in English, without stopping for pictures. */
async function registerQuickly(p: Page, member: Member) {
  await p.goto('/register');
  await chooseLanguage(p, 'en');
  await p.getByLabel(en.register.phone).fill(member.phone);
  await p.getByRole('button', { name: en.register.next }).click();
  await p.getByTestId('otp-ref').waitFor();
  await p.getByLabel(en.otp.code).fill(await otpFor(member.phone));
  await p.getByRole('button', { name: en.otp.verify, exact: true }).click();
  await p.getByLabel(en.register.name).fill(member.name);
  await p.getByLabel(en.register.password, { exact: true }).fill(member.password);
  await p.getByLabel(en.register.confirmPassword, { exact: true }).fill(member.password);
  await p.getByRole('button', { name: en.register.next }).click();
  await p.getByLabel(en.register.bank, { exact: true }).selectOption(member.bankCode);
  await p.getByLabel(en.register.firstName).fill(member.firstName);
  await p.getByLabel(en.register.lastName).fill(member.lastName);
  await p.getByLabel(en.register.bankAccountNo).fill(member.accountNo);
  await p.getByRole('button', { name: en.register.submit }).click();
  // Issue 31: the deposit limit is offered once the account exists; this walk skips it.
  await p.getByTestId('register-limit-skip').click();
  await p.waitForURL('**/login', { timeout: 15_000 });
}

async function logIn(p: Page, phone: string, password: string, locale: Locale = 'en') {
  const strings = LOCALES[locale];
  await p.getByLabel(strings.login.phone).fill(phone);
  await p.getByLabel(strings.login.password, { exact: true }).fill(password);
  await p.getByRole('button', { name: strings.login.submit, exact: true }).click();
}

const profileValue = (p: Page, row: string) => p.getByTestId(`profile-row-${row}`).locator('dd');

describe('members: register, invite, agreement, profile, password', () => {
  const inviter: Member = {
    phone: freshPhone(),
    password: 'inviter-pass-1',
    name: 'Anong Inviter',
    bankCode: 'SCB',
    firstName: 'อนงค์',
    lastName: 'ใจงาม',
    accountNo: `40${String(Date.now()).slice(-8)}`,
  };
  const member: Member = {
    phone: freshPhone(),
    password: 'first-pass-1',
    name: 'Somchai Jaidee',
    bankCode: 'KTB',
    firstName: 'somchai',
    lastName: 'jaidee',
    accountNo: `12${String(Date.now() + 17).slice(-8)}`,
  };
  let inviterId = '';
  let page: Page;

  it('registers member A through the wizard and finds A’s id on the profile', async () => {
    const p = await openPage();
    await registerQuickly(p, inviter);
    await logIn(p, inviter.phone, inviter.password);
    await p.waitForURL('**/user/home');
    await p.goto('/user/profile');
    await expect.poll(() => profileValue(p, 'username').innerText()).toBe(inviter.phone);
    inviterId = (await profileValue(p, 'id').innerText()).trim();
    expect(inviterId).toMatch(/^[0-9]+$/);
    // Thai names are fine for a bank without the English rule.
    expect(await profileValue(p, 'account-name').innerText()).toBe('อนงค์ ใจงาม');
  });

  it('step 0: the invite link stores the code; the phone must have 10 digits', async () => {
    page = await openPage();
    await page.goto(`/register?code=PR${inviterId}`);
    await chooseLanguage(page, 'en');
    expect(await page.evaluate(() => localStorage.getItem('inviteCode'))).toBe(`PR${inviterId}`);
    await expect.poll(() => stepHeading(page).innerText()).toBe(en.register.steps.phone);

    // The phone field takes digits only: letters and signs typed into it are dropped.
    await page.getByLabel(en.register.phone).pressSequentially('08a1-2 34');
    expect(await page.getByLabel(en.register.phone).inputValue()).toBe('081234');
    expect(await page.getByLabel(en.register.phone).getAttribute('inputmode')).toBe('numeric');
    await page.getByRole('button', { name: en.register.next }).click();
    expect(await page.getByText(en.register.errors.phoneLength).isVisible()).toBe(true);
    await screenshot(page, 'register-0-phone-error-en');

    await page.getByLabel(en.register.phone).fill(member.phone);
    await shootInEveryLanguage(page, 'register-0-phone', async (locale) => {
      await expect.poll(() => stepHeading(page).innerText()).toBe(LOCALES[locale].register.steps.phone);
      await expectScript(page, locale, page.locator('main'));
    });
    await page.getByRole('button', { name: en.register.next }).click();
  });

  it('step 1: the OTP from the inbox; a wrong code is refused and the right one passes', async () => {
    const ref = page.getByTestId('otp-ref');
    await ref.waitFor();
    const code = await otpFor(member.phone);
    const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;

    await chooseLanguage(page, 'en');
    expect(await ref.innerText()).toMatch(/^Ref: [A-Z0-9]{4}$/);
    // The resend waits out the server's minute, counting down where the member sees it.
    const resend = page.getByRole('button', { name: /^New code in 0[01]:\d\d$/ });
    expect(await resend.isDisabled()).toBe(true);

    await page.getByLabel(en.otp.code).fill(wrong);
    await page.getByRole('button', { name: en.otp.verify, exact: true }).click();
    await page.getByText(en.errors.OTP_CODE_INVALID).waitFor();
    expect(await page.getByLabel(en.otp.code).inputValue()).toBe('');

    await page.getByLabel(en.otp.code).fill(code);
    await shootInEveryLanguage(page, 'register-1-otp', async (locale) => {
      await expect.poll(() => stepHeading(page).innerText()).toBe(LOCALES[locale].register.steps.otp);
      await expectScript(page, locale, page.locator('.register__card'));
    });
    await page.getByRole('button', { name: en.otp.verify, exact: true }).click();
  });

  it('step 2: name and passwords; different passwords are refused before the server', async () => {
    await expect.poll(() => stepHeading(page).innerText()).toBe(en.register.steps.profile);
    await chooseLanguage(page, 'en');
    expect(await page.getByLabel(en.register.phone).inputValue()).toBe(member.phone);
    await page.getByLabel(en.register.name).fill(member.name);
    await page.getByLabel(en.register.password, { exact: true }).fill(member.password);
    await page.getByLabel(en.register.confirmPassword, { exact: true }).fill('something-else');
    await page.getByRole('button', { name: en.register.next }).click();
    expect(await page.getByText(en.register.errors.passwordMismatch).isVisible()).toBe(true);
    expect(en.register.errors.passwordMismatch).toBe("Passwords don't match");

    await page.getByLabel(en.register.confirmPassword, { exact: true }).fill(member.password);
    await shootInEveryLanguage(page, 'register-2-profile', async (locale) => {
      await expectScript(page, locale, page.locator('.register__card'));
    });
    await page.getByRole('button', { name: en.register.next }).click();
  });

  it('step 3: KTB names in English upper case, the invite code read-only; then off to /login', async () => {
    await expect.poll(() => stepHeading(page).innerText()).toBe(en.register.steps.bank);
    await chooseLanguage(page, 'en');
    const invite = page.getByLabel(en.register.inviteCode);
    expect(await invite.inputValue()).toBe(`PR${inviterId}`);
    expect(await invite.getAttribute('readonly')).not.toBeNull();

    await page.getByLabel(en.register.bank, { exact: true }).selectOption(member.bankCode);
    await page.getByLabel(en.register.firstName).fill(member.firstName);
    expect(await page.getByLabel(en.register.firstName).inputValue()).toBe('SOMCHAI');
    await page.getByLabel(en.register.lastName).fill('ใจดี');
    await page.getByLabel(en.register.bankAccountNo).fill(member.accountNo);
    await page.getByRole('button', { name: en.register.submit }).click();
    expect(await page.getByText(en.register.errors.englishOnly).isVisible()).toBe(true);
    expect(en.register.errors.englishOnly).toBe('Bank account name must be in English only');
    await page.getByText(en.register.errors.englishOnly).first().scrollIntoViewIfNeeded();
    await screenshot(page, 'register-3-bank-error-en');

    await page.getByLabel(en.register.lastName).fill(member.lastName);
    await shootInEveryLanguage(page, 'register-3-bank', async (locale) => {
      await expectScript(page, locale, page.locator('.register__card .field__label'));
    });

    await chooseLanguage(page, 'en');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/account') && r.request().method() === 'POST');
    await page.getByRole('button', { name: en.register.submit }).click();
    const response = await created;
    expect(response.status()).toBe(200);
    const sent = response.request().postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({
      username: member.phone,
      name: member.name,
      bankCode: 'KTB',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: member.accountNo,
      inviteCode: `PR${inviterId}`,
    });
    expect(typeof sent.otpToken).toBe('string');
    expect(sent.currency).toBeUndefined();
    // Issue 31: the deposit limit is offered once the account exists; this walk skips it.
    await page.getByTestId('register-limit-skip').click();

    await page.getByRole('status').filter({ hasText: en.register.success }).first().waitFor();
    await screenshot(page, 'register-4-done-en');
    const startedAt = Date.now();
    await page.waitForURL('**/login', { timeout: 10_000 });
    expect(Date.now() - startedAt).toBeGreaterThan(1_000);
  });

  it('logs in and sees the agreement 1.5 s after home loads, in every language; accepting keeps it away', async () => {
    await logIn(page, member.phone, member.password);
    await page.waitForURL('**/user/home');
    for (const locale of ALL) {
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      await page.reload();
      const dialog = page.getByRole('dialog', { name: LOCALES[locale].agreement.title });
      await dialog.waitFor({ timeout: 10_000 });
      // Operator html rendered, sanitised: the seeded agreements' paragraphs, in the member's language, no tags as text.
      const items = dialog.getByTestId('agreement-list').locator('li');
      expect(await items.count()).toBeGreaterThan(0);
      await expectScript(page, locale, items);
      expect(await items.first().locator('p').count()).toBe(1);
      expect(await items.first().innerText()).not.toMatch(/[<>]/);
      expect(await dialog.getByRole('button', { name: LOCALES[locale].agreement.accept }).isVisible()).toBe(true);
      await fontsReady(page);
      await screenshot(page, `agreement-${locale}`);
    }

    const accepted = page.waitForResponse((r) => r.url().endsWith('/api/account/agreement') && r.request().method() === 'POST');
    await page.getByRole('button', { name: en.agreement.accept }).click();
    expect((await accepted).status()).toBe(200);
    await page.getByRole('dialog', { name: en.agreement.title }).waitFor({ state: 'hidden' });

    await page.reload();
    await page.waitForTimeout(3_000);
    expect(await page.getByRole('dialog', { name: en.agreement.title }).count()).toBe(0);
  });

  it('shows the data entered on the profile, in every language', async () => {
    await page.getByTestId('menu-profile').click();
    await page.waitForURL('**/user/profile');
    await expect.poll(() => profileValue(page, 'username').innerText()).toBe(member.phone);
    expect(await profileValue(page, 'name').innerText()).toBe(member.name);
    expect(await profileValue(page, 'id').innerText()).toMatch(/^[0-9]+$/);
    expect(await profileValue(page, 'id').innerText()).not.toBe(inviterId);
    expect(await profileValue(page, 'created').innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(await profileValue(page, 'account-name').innerText()).toBe('SOMCHAI JAIDEE');
    // SPEC section 2: the bank's Thai name, and under it its name in the member's language (English here).
    expect(await profileValue(page, 'bank').innerText()).toBe('ธนาคารกรุงไทย\nKrungthai Bank');
    const n = member.accountNo;
    expect(await profileValue(page, 'account-no').innerText()).toBe(`${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}`);
    // An English name at KTB: nothing to rewrite.
    expect(await page.getByRole('button', { name: en.profile.editName }).count()).toBe(0);

    await shootInEveryLanguage(page, 'profile', async (locale) => {
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(LOCALES[locale].profile.title);
      expect(await page.getByText(LOCALES[locale].profile.bankAccountNo, { exact: true }).isVisible()).toBe(true);
    });
  });

  it('changes the password; afterwards only the new one logs in', async () => {
    await chooseLanguage(page, 'en');
    await page.getByRole('button', { name: en.profile.changePassword }).click();
    const dialog = page.getByRole('dialog', { name: en.password.title });
    await dialog.waitFor();
    const save = dialog.getByRole('button', { name: en.password.save });

    // Empty fields: silently nothing.
    const calls: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/account/changepwd') && calls.push(r.method()));
    await dialog.getByLabel(en.password.old, { exact: true }).fill(member.password);
    await save.click();
    await page.waitForTimeout(500);
    expect(calls).toEqual([]);
    expect(await dialog.locator('.field__error').count()).toBe(0);

    await dialog.getByLabel(en.password.new, { exact: true }).fill('second-pass-2');
    await dialog.getByLabel(en.password.confirm, { exact: true }).fill('second-pass-X');
    await save.click();
    expect(await dialog.getByText(en.password.mismatch).isVisible()).toBe(true);
    await screenshot(page, 'password-mismatch-en');

    await dialog.getByLabel(en.password.confirm, { exact: true }).fill('second-pass-2');
    await save.click();
    const done = page.getByRole('dialog', { name: en.password.successTitle });
    await done.waitFor();
    expect(calls).toEqual(['PUT']);
    await screenshot(page, 'password-saved-en');
    await done.getByRole('button', { name: en.common.ok }).click();

    await page.getByTestId('logout').click();
    await page.waitForURL('**/login');
    await logIn(page, member.phone, member.password);
    await page.getByRole('alert').filter({ hasText: en.errors.WRONG_CREDENTIAL }).waitFor();
    expect(page.url()).toMatch(/\/login$/);

    await logIn(page, member.phone, 'second-pass-2');
    await page.waitForURL('**/user/home');
    // Accepted on the server: a new session is not asked again.
    await page.waitForTimeout(3_000);
    expect(await page.getByRole('dialog', { name: en.agreement.title }).count()).toBe(0);
  });

  it('resets a forgotten password from /login with a code sent by SMS; the rule is said for a weak one', async () => {
    await page.getByTestId('logout').click();
    await page.waitForURL('**/login');
    await chooseLanguage(page, 'en');
    // The phone typed on /login goes along.
    await page.getByLabel(en.login.phone).fill(member.phone);
    await page.getByTestId('login-forgot').click();
    await page.waitForURL('**/forgot-password');
    expect(await page.getByLabel(en.register.phone).inputValue()).toBe(member.phone);
    await shootInEveryLanguage(page, 'forgot-1-phone', async (locale) => {
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(LOCALES[locale].forgot.title);
      await expectScript(page, locale, page.locator('main'));
    });

    await chooseLanguage(page, 'en');
    await page.getByRole('button', { name: en.forgot.send }).click();
    const ref = page.getByTestId('otp-ref');
    await ref.waitFor();
    // Said alike whether the phone is registered or not.
    expect(await page.getByText(fill(en.forgot.sentTo, { phone: member.phone })).isVisible()).toBe(true);
    const code = await resetCodeFor(member.phone, (await ref.innerText()).replace(/^Ref: /, ''));
    await page.getByLabel(en.otp.code).fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: en.otp.verify, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: en.errors.OTP_CODE_INVALID }).waitFor();
    await page.getByLabel(en.otp.code).fill(code);
    await shootInEveryLanguage(page, 'forgot-2-code', async (locale) => {
      await expectScript(page, locale, page.locator('.register__card'));
    });
    await chooseLanguage(page, 'en');
    await page.getByRole('button', { name: en.otp.verify, exact: true }).click();

    const rule = { min: '6' };
    await page.getByLabel(en.forgot.newPassword, { exact: true }).fill('abc');
    await page.getByLabel(en.forgot.confirmPassword, { exact: true }).fill('abc');
    await page.getByRole('button', { name: en.forgot.save }).click();
    await page.getByText(fill(en.register.errors.passwordShort, rule)).waitFor();
    await shootInEveryLanguage(page, 'forgot-3-weak-password', async (locale) => {
      // The rule, not "some information is wrong".
      await page.getByText(fill(LOCALES[locale].register.errors.passwordShort, rule)).waitFor();
      await expectScript(page, locale, page.locator('.register__card'));
    });

    await chooseLanguage(page, 'en');
    await page.getByLabel(en.forgot.newPassword, { exact: true }).fill('third-pass-3');
    await page.getByLabel(en.forgot.confirmPassword, { exact: true }).fill('third-pass-3');
    await page.getByRole('button', { name: en.forgot.save }).click();
    await page.waitForURL('**/login');
    await page.getByRole('status').filter({ hasText: en.forgot.done }).first().waitFor();
    expect(await page.getByLabel(en.login.phone).inputValue()).toBe(member.phone);
    await screenshot(page, 'forgot-4-done-en');

    await logIn(page, member.phone, 'second-pass-2');
    await page.getByRole('alert').filter({ hasText: en.errors.WRONG_CREDENTIAL }).waitFor();
    await logIn(page, member.phone, 'third-pass-3');
    await page.waitForURL('**/user/home');
  });
});

describe('members: the English bank account name editor', () => {
  it('offers it for KTB with a Thai name, refuses Thai letters, saves, and copies the new name 1 s later', async () => {
    const p = await openPage();
    await p.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    let stored = 'สมชาย ใจดี';
    // A member from before the English rule: registration no longer makes one, so the profile
    // and the rename are answered by routes.
    await p.route('**/api/account/profile', (route) =>
      route.fulfill({
        json: {
          profile: { _id: '77', username: '0811111111', name: 'Somchai Old', createdAt: '2024-01-02T03:04:05.000Z' },
          bankAccount: { bankCode: 'KTB', bankAccountName: stored, bankAccountNo: '1234567890', bank: { nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank', name: 'Krungthai Bank' } },
        },
      }),
    );
    const updates: unknown[] = [];
    await p.route('**/api/account/bankAccountName', async (route) => {
      const body = route.request().postDataJSON() as { bankCode: string; bankAccountName: string };
      updates.push(body);
      stored = body.bankAccountName;
      await route.fulfill({
        json: { bankAccount: { bankCode: 'KTB', bankAccountName: stored, bankAccountNo: '1234567890', bank: { nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank', name: 'Krungthai Bank' } } },
      });
    });
    // A real member and session (the wallet of the member shell needs one); agreement accepted.
    const token = await memberSession();
    await openAsMember(p, token, 'en', '/user/profile');

    await p.getByRole('button', { name: en.profile.editName }).click();
    const dialog = p.getByRole('dialog', { name: en.bankName.title });
    const input = dialog.getByLabel(en.bankName.label);
    await input.fill('somchai');
    expect(await input.inputValue()).toBe('SOMCHAI');
    await input.fill('สมชาย');
    await dialog.getByRole('button', { name: en.bankName.save }).click();
    await p.getByRole('alert').filter({ hasText: en.bankName.englishOnly }).waitFor();
    expect(updates).toEqual([]);
    await screenshot(p, 'bank-name-editor-en');

    await input.fill('somchai jaidee');
    await dialog.getByRole('button', { name: en.bankName.save }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(updates).toEqual([{ bankCode: 'KTB', bankAccountName: 'SOMCHAI JAIDEE' }]);
    expect(await profileValue(p, 'account-name').innerText()).toBe('SOMCHAI JAIDEE');
    expect(await p.getByRole('button', { name: en.profile.editName }).count()).toBe(0);

    const copiedToast = p.getByRole('status').filter({ hasText: fill(en.profile.copied, { text: 'SOMCHAI JAIDEE' }) });
    await copiedToast.waitFor({ timeout: 5_000 });
    expect(await p.evaluate(() => navigator.clipboard.readText())).toBe('SOMCHAI JAIDEE');
    await screenshot(p, 'bank-name-copied-en');
  });
});

describe('members: how-to videos and contact', () => {
  it('plays each of the five tutorials in a modal', async () => {
    const p = await openPage();
    await p.goto('/howto');
    await chooseLanguage(p, 'en');
    const topics = ['wallet', 'enterGame', 'checkBalance', 'receiveBonus', 'endBonus'] as const;
    for (const topic of topics) {
      await p.getByTestId(`howto-${topic}`).click();
      const dialog = p.getByRole('dialog', { name: en.howto.topics[topic] });
      const video = dialog.locator('video');
      await video.waitFor();
      // A real clip: it loads, has a length, and plays.
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(2);
      const { duration, src } = await video.evaluate((v: HTMLVideoElement) => ({ duration: v.duration, src: v.currentSrc }));
      expect(duration).toBeGreaterThan(2);
      // Recorded in the member's language; the version changes with a new recording.
      expect(src).toMatch(/\/assets\/howto\/en\/[a-z-]+\.(webm|mp4)\?v=\w+$/);
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
      if (topic === 'wallet') await screenshot(p, 'howto-video-en');
      await p.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    await shootInEveryLanguage(p, 'howto', async (locale) => {
      await expect.poll(() => p.getByRole('heading', { level: 1 }).innerText()).toBe(LOCALES[locale].howto.title);
      await expectScript(p, locale, p.locator('main'));
    });
  });

  it('shows the contact text, the LINE QR, name and link, the version and the chat slot', async () => {
    const p = await openPage();
    await p.goto('/contact');
    await chooseLanguage(p, 'en');
    await p.getByTestId('line-name').waitFor();
    expect(await p.getByTestId('line-name').innerText()).toBe('@sandbox-wallet');
    const qr = p.getByRole('img', { name: fill(en.contact.qrAlt, { name: '@sandbox-wallet' }) });
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const link = p.getByRole('link', { name: en.contact.addFriend });
    expect(await link.getAttribute('href')).toBe('https://line.me/R/ti/p/@sandbox-wallet');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await p.getByText(fill(en.app.version, { version: '1.1.14' })).isVisible()).toBe(true);
    // The chat (issue 15) is the floating button every page has, when the operator enables it.
    expect(await p.getByRole('button', { name: en.chatButton.open }).count()).toBe(1);
    await shootInEveryLanguage(p, 'contact', async (locale) => {
      await expect.poll(() => p.getByRole('heading', { level: 1 }).innerText()).toBe(LOCALES[locale].contact.title);
    });
  });
});

describe('members: the narrowest phone', () => {
  it('fits 360 px in every language: wizard steps readable, no sideways scrolling', async () => {
    const context = await phoneContext(browser, { width: 360, height: 740 });
    contexts.push(context);
    const p = await context.newPage();
    for (const path of ['/register', '/howto', '/contact']) {
      await p.goto(path);
      // Thai is already the default: pick it last, so each pick is a change.
      for (const locale of ['en', 'la', 'th'] as const) {
        await chooseLanguage(p, locale);
        await p.locator('h1').first().waitFor();
        expect(await noSidewaysScroll(p)).toBe(0);
        if (path === '/register') {
          // No step label is cut off with an ellipsis.
          const clipped = await p.$$eval('.stepper__label', (labels) => labels.filter((l) => l.scrollWidth > l.clientWidth).length);
          expect(clipped).toBe(0);
          await fontsReady(p);
          await screenshot(p, `register-360-${locale}`);
        }
      }
    }
  });
});
