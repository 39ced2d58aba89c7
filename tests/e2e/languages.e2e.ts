import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fontsReady, launchChromium, phoneContext, screenshot } from './harness';
import { api, chooseLanguage, LAO, LOCALES, registerMember, THAI, type Locale } from './support';

/**
 * The player's language everywhere, not only in the interface: the operator's texts, bank
 * names, the OTP SMS and the how-to captions; and the login form after registering.
 */
const ALL = Object.keys(LOCALES) as Locale[];
const LATIN = /[A-Za-z]/;

/** The text is in this language's script and in no other of ours. */
const expectLanguage = (locale: Locale, text: string) => {
  if (locale === 'th') expect(text).toMatch(THAI);
  if (locale === 'la') expect(text).toMatch(LAO);
  if (locale === 'en') expect(text).toMatch(LATIN);
  if (locale !== 'th') expect(text).not.toMatch(THAI);
  if (locale !== 'la') expect(text).not.toMatch(LAO);
};

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const freshPage = async () => {
  await context?.close();
  context = await phoneContext(browser);
  page = await context.newPage();
  return page;
};

/** The newest sandbox SMS to a phone, waiting for it to arrive. */
async function smsFor(phone: string): Promise<{ code: string; text: string }> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const { body } = await api<{ messages: { code: string; text: string }[] }>('GET', `/api/sandbox/sms?phone=${phone}`);
    if (body.messages.length > 0) return body.messages[0];
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no SMS arrived for ${phone}`);
}

describe('registering in Lao', () => {
  it('sends the OTP SMS in Lao, and the login form then holds the phone just registered', async () => {
    const p = await freshPage();
    const la = LOCALES.la;
    const phone = `08${String(Date.now()).slice(-8)}`;
    await p.goto('/register');
    await chooseLanguage(p, 'la');
    await p.getByLabel(la.register.phone).fill(phone);
    await p.getByRole('button', { name: la.register.next }).click();
    await p.getByTestId('otp-ref').waitFor();
    const sms = await smsFor(phone);
    expectLanguage('la', sms.text);
    expect(sms.text).toContain(sms.code);

    await p.getByLabel(la.otp.code).fill(sms.code);
    await p.getByRole('button', { name: la.otp.verify, exact: true }).click();
    await p.getByLabel(la.register.name).fill('Khamla Test');
    await p.getByLabel(la.register.password, { exact: true }).fill('lao-pass-1');
    await p.getByLabel(la.register.confirmPassword, { exact: true }).fill('lao-pass-1');
    await p.getByRole('button', { name: la.register.next }).click();

    // The bank list names Thai banks in Lao.
    const bank = p.getByLabel(la.register.bank, { exact: true });
    await expect.poll(() => bank.locator('option[value="SCB"]').innerText()).toBe('ທະນາຄານໄທພານິດ');
    await bank.selectOption('SCB');
    await p.getByLabel(la.register.firstName).fill('khamla');
    await p.getByLabel(la.register.lastName).fill('test');
    await p.getByLabel(la.register.bankAccountNo).fill(`61${phone.slice(-8)}`);
    await p.getByRole('button', { name: la.register.submit }).click();
    // Issue 31: the deposit limit is offered once the account exists; this walk skips it.
    await p.getByTestId('register-limit-skip').click();

    await p.waitForURL('**/login', { timeout: 15_000 });
    const phoneField = p.getByLabel(la.login.phone);
    expect(await phoneField.inputValue()).toBe(phone);
    // The password is next.
    await expect.poll(() => p.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('password');
    await fontsReady(p);
    await screenshot(p, 'login-prefilled-la');

    await p.getByLabel(la.login.password, { exact: true }).fill('lao-pass-1');
    await p.getByRole('button', { name: la.login.submit, exact: true }).click();
    await p.waitForURL('**/user/home');
  });

  it('leaves the login form empty when the player comes another way', async () => {
    const p = await freshPage();
    await p.goto('/login');
    expect(await p.getByLabel(LOCALES.th.login.phone).inputValue()).toBe('');
  });
});

describe("the operator's texts in the player's language", () => {
  let token: string;
  beforeAll(async () => {
    const member = await registerMember({ name: 'Polyglot Member', accountPrefix: '53' });
    token = member.auth.authorization.replace('Bearer ', '');
  });

  it.each(ALL)('reads conditions, contact, bank names and the agreement in %s', async (locale) => {
    const strings = LOCALES[locale];
    const p = await freshPage();
    await context.addInitScript((stored) => sessionStorage.setItem('token', stored), token);
    await p.goto('/user/home');
    await chooseLanguage(p, locale);

    await expect.poll(() => p.getByRole('heading', { level: 1 }).innerText()).toBe(strings.pages.home);
    await p.getByTestId('menu-conditions').click();
    const conditions = p.getByRole('dialog', { name: strings.conditions.title });
    const items = conditions.locator('.conditions__item');
    await items.first().waitFor();
    expectLanguage(locale, (await items.allInnerTexts()).join('\n'));
    await fontsReady(p);
    await screenshot(p, `conditions-${locale}`);
    await p.keyboard.press('Escape');
    await conditions.waitFor({ state: 'hidden', timeout: 10_000 });

    // The deposit screen and the withdraw dialog name the member's bank (SCB) the same way.
    const expected = { th: 'ธนาคารไทยพาณิชย์', la: 'ທະນາຄານໄທພານິດ', en: 'Siam Commercial Bank' }[locale];
    await p.getByTestId('widget-withdraw').click();
    const withdraw = p.getByRole('dialog', { name: strings.withdraw.title });
    await withdraw.waitFor({ timeout: 15_000 });
    await expect.poll(() => withdraw.locator('.money-facts__bank').innerText(), { timeout: 15_000 }).toBe(expected);
    await p.keyboard.press('Escape');
    await withdraw.waitFor({ state: 'hidden', timeout: 10_000 });

    // The profile names it by its Thai name (SPEC section 2), the member's language's under it when that differs.
    await p.getByTestId('menu-profile').click();
    const thai = 'ธนาคารไทยพาณิชย์';
    await expect.poll(() => p.getByTestId('profile-row-bank').locator('dd').innerText()).toBe(expected === thai ? thai : `${thai}\n${expected}`);

    await p.getByTestId('menu-contact').click();
    const contactText = p.locator('.contact__text');
    await contactText.waitFor();
    expectLanguage(locale, await contactText.innerText());
    await fontsReady(p);
    await screenshot(p, `contact-${locale}`);

    // Changing the language reloads the operator's text at once.
    const other = locale === 'en' ? 'th' : 'en';
    await chooseLanguage(p, other);
    await expect.poll(async () => {
      const text = await contactText.innerText();
      return other === 'en' ? !THAI.test(text) && !LAO.test(text) : THAI.test(text);
    }).toBe(true);
  });
});

describe('how-to captions', () => {
  it.each(ALL)('play each clip recorded in %s, with captions in every language and its own shown', async (locale) => {
    const strings = LOCALES[locale];
    const p = await freshPage();
    await p.goto('/howto');
    await chooseLanguage(p, locale);
    for (const topic of ['wallet', 'endBonus'] as const) {
      await p.getByTestId(`howto-${topic}`).click();
      const dialog = p.getByRole('dialog', { name: strings.howto.topics[topic] });
      const video = dialog.locator('video');
      await video.waitFor();
      const firstStep = Object.values(strings.howto.steps[topic])[0];
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => {
          const tracks = [...v.textTracks];
          const shown = tracks.filter((track) => track.mode === 'showing');
          return shown.length === 1 && shown[0].cues?.length
            ? { src: v.currentSrc.replace(/\?.*$/, ''), languages: tracks.map((track) => track.language), shown: shown[0].language, text: (shown[0].cues[0] as VTTCue).text }
            : null;
        }), { timeout: 10_000 })
        .toEqual({
          src: expect.stringMatching(new RegExp(`/assets/howto/${locale}/[a-z-]+\\.(webm|mp4)$`)),
          languages: { th: ['th', 'lo', 'en'], la: ['lo', 'th', 'en'], en: ['en', 'th', 'lo'] }[locale],
          shown: locale === 'la' ? 'lo' : locale,
          text: firstStep,
        });
      if (topic === 'wallet') {
        // Paused inside the second step, whose caption shows.
        await video.evaluate((v: HTMLVideoElement) => {
          v.pause();
          v.currentTime = 4;
        });
        await fontsReady(p);
        await screenshot(p, `howto-captions-${locale}`);
      }
      await p.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
  });
});

afterAll(async () => {
  await context?.close();
});
