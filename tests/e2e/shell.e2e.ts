import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import th from '../../locales/th.json';
import la from '../../locales/la.json';
import en from '../../locales/en.json';
import { baseURL, fontsReady, launchChromium, phoneContext, screenshot } from './harness';

const LOCALES = { th, la, en } as const;
type Locale = keyof typeof LOCALES;
const HTML_LANG: Record<Locale, string> = { th: 'th', la: 'lo', en: 'en' };

const THAI = /[\u0E00-\u0E7F]/;
const LAO = /[\u0E80-\u0EFF]/;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const openPage = async () => {
  context = await phoneContext(browser);
  page = await context.newPage();
  return page;
};
afterEach(async () => {
  await context?.close();
});

const visibleText = (p: Page) => p.locator('body').innerText();

/** The member screens load the wallet, the statement and the agreement; these tests use a made-up token, so answer for the server. */
const mockMemberData = (p: Page) =>
  Promise.all([
    // The home's promotion and spin widgets and the chat button's unread count ask their own member
    // calls; with this fake token the server would answer invalid-token (and send the page to
    // /login), so they answer "nothing".
    p.route(/\/api\/(bonus|promotion|invite|refund|spinwheel|safer-play|chat\/unread)(\/|$)/, (route) => route.fulfill({ status: 404, json: { message: 'NOT_FOUND' } })),
    p.route('**/api/wallet', (route) =>
      route.fulfill({
        status: 200,
        json: {
          profile: { name: 'Test Member', username: '0812345678', _id: '1', coin: 0 },
          bankAccount: { bankCode: 'SCB', bankAccountName: 'TEST MEMBER', bankAccountNo: '4001234567', bank: { nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank', name: 'Siam Commercial Bank' } },
          wallet: { amount: 0 },
          currency: 'BAHT',
          invite: { amount: 0, success: 0, fail: 0 },
          slots: [],
        },
      }),
    ),
    // The home reads the game balances from the games as it opens (issue 27).
    p.route('**/api/wallet/refresh/slot', (route) => route.fulfill({ status: 200, json: { wallet: { amount: 0 }, slots: [] } })),
    p.route('**/api/statement', (route) => route.fulfill({ status: 200, json: { total: 0, statements: [], cursor: null } })),
    // The agreement modal asks 1.5 s after the home loads; accepted, so it stays away.
    p.route('**/api/account/agreement', (route) => route.fulfill({ status: 200, json: { version: 1, accepted: true } })),
  ]);
const heading = (p: Page) => p.getByRole('heading', { level: 1 });

const chooseLanguage = async (p: Page, locale: Locale) => {
  await p.getByTestId('language-trigger').click();
  await p.locator(`[role="menuitemradio"][data-locale="${locale}"]`).click();
};

describe('login page in three languages', () => {
  const titles = new Map<Locale, string>();

  it('starts in Thai when nothing is stored (Thailand build)', async () => {
    const p = await openPage();
    await p.goto('/login');
    await expect.poll(() => heading(p).innerText()).toBe(th.login.title);
    expect(await p.evaluate(() => document.documentElement.lang)).toBe('th');
  });

  for (const locale of ['th', 'la', 'en'] as const) {
    it(`switches to ${locale} from the dropdown, in the right script, and keeps it after a reload`, async () => {
      const p = await openPage();
      await p.goto('/login');
      await heading(p).waitFor();
      // Start from a different language so the switch is visible.
      if (locale === 'th') await chooseLanguage(p, 'en');
      await chooseLanguage(p, locale);

      const strings = LOCALES[locale];
      await expect.poll(() => heading(p).innerText()).toBe(strings.login.title);
      expect(await p.evaluate(() => document.documentElement.lang)).toBe(HTML_LANG[locale]);
      expect(await p.getByRole('button', { name: strings.login.submit, exact: true }).isVisible()).toBe(true);
      expect(await p.getByLabel(strings.login.phone).isVisible()).toBe(true);
      expect(await p.getByLabel(strings.login.password, { exact: true }).isVisible()).toBe(true);
      expect(await p.getByText(strings.login.remember).isVisible()).toBe(true);
      expect(await p.getByRole('link', { name: strings.login.registerLink }).isVisible()).toBe(true);
      for (const key of ['login', 'register', 'howto', 'contact'] as const) {
        expect(await p.getByTestId(`menu-${key}`).innerText()).toBe(strings.nav[key]);
      }

      const text = await visibleText(p);
      if (locale === 'th') {
        expect(text).toMatch(THAI);
        expect(text).not.toMatch(LAO);
      } else if (locale === 'la') {
        expect(text).toMatch(LAO);
        expect(text).not.toMatch(THAI);
      } else {
        expect(text).not.toMatch(THAI);
        expect(text).not.toMatch(LAO);
      }

      await p.reload();
      await expect.poll(() => heading(p).innerText()).toBe(strings.login.title);
      expect(await p.evaluate(() => localStorage.getItem('locale'))).toBe(locale);
      expect(await p.evaluate(() => document.documentElement.lang)).toBe(HTML_LANG[locale]);

      await fontsReady(p);
      // The bundled woff2 faces are the ones in use, not whatever the device has installed.
      const loadedFaces = await p.evaluate(() =>
        [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family.replace(/"/g, '')} ${f.weight}`),
      );
      if (locale === 'la') expect(loadedFaces).toContain('Noto Sans Lao 400');
      if (locale === 'th') expect(loadedFaces).toContain('Noto Sans Thai 400');
      expect(loadedFaces).toContain('Noto Sans Thai 700');

      titles.set(locale, await heading(p).innerText());
      await screenshot(p, `login-${locale}`);
    });
  }

  it('shows different words in each language', () => {
    expect(new Set(titles.values()).size).toBe(3);
  });

  it('opens the language menu over the page', async () => {
    const p = await openPage();
    await p.goto('/login');
    await chooseLanguage(p, 'la');
    await p.getByTestId('language-trigger').click();
    expect(await p.getByRole('menuitemradio').count()).toBe(3);
    await fontsReady(p);
    await screenshot(p, 'login-language-menu');
    await p.keyboard.press('Escape');
    expect(await p.getByRole('menuitemradio').count()).toBe(0);
  });
});

describe('login form', () => {
  it('requires phone and password, and typing clears the errors', async () => {
    const p = await openPage();
    await p.goto('/login');
    await chooseLanguage(p, 'en');
    await p.getByRole('button', { name: en.login.submit, exact: true }).click();
    expect(await p.getByText(en.login.phoneRequired).isVisible()).toBe(true);
    expect(await p.getByText(en.login.passwordRequired).isVisible()).toBe(true);
    await fontsReady(p);
    await screenshot(p, 'login-errors-en');

    await p.getByLabel(en.login.phone).fill('0812345678');
    expect(await p.getByText(en.login.phoneRequired).count()).toBe(0);
    expect(await p.getByText(en.login.passwordRequired).count()).toBe(0);
  });

  it('shows the translated server error for wrong credentials', async () => {
    const p = await openPage();
    await p.goto('/login');
    await chooseLanguage(p, 'la');
    await p.getByLabel(la.login.phone).fill('0899999999');
    await p.getByLabel(la.login.password, { exact: true }).fill('wrong-password');
    await p.getByRole('button', { name: la.login.submit, exact: true }).click();
    const alert = p.getByRole('alert');
    await alert.waitFor();
    // Whatever the server's code for an unknown member is, the member reads it in Lao.
    expect(await alert.innerText()).toMatch(LAO);
    expect(p.url()).toMatch(/\/login$/);
  });

  it('stores the token in sessionStorage, or localStorage with remember-me, then goes to /user', async () => {
    for (const remember of [false, true]) {
      const p = await openPage();
      await p.route('**/api/login', (route) => route.fulfill({ status: 200, json: { token: `token-${remember}` } }));
      await mockMemberData(p);
      await p.goto('/login');
      await p.getByLabel(th.login.phone).fill('081-234 5678');
      await p.getByLabel(th.login.password, { exact: true }).fill('secret');
      if (remember) await p.getByText(th.login.remember).click();
      const request = p.waitForRequest('**/api/login');
      await p.getByRole('button', { name: th.login.submit, exact: true }).click();
      const sent = await request;
      expect(sent.postDataJSON()).toEqual({ username: '0812345678', password: 'secret' });
      expect(sent.headers()['x-client']).toBe('member-wallet');
      await p.waitForURL('**/user/home');
      const stored = await p.evaluate(() => ({ local: localStorage.getItem('token'), session: sessionStorage.getItem('token') }));
      expect(stored).toEqual(remember ? { local: 'token-true', session: null } : { local: null, session: 'token-false' });
      await context.close();
    }
  });
});

describe('routes and guards', () => {
  it('sends /user/home and / to /login without a token', async () => {
    const p = await openPage();
    await p.goto('/user/home');
    await p.waitForURL('**/login');
    await expect.poll(() => heading(p).innerText()).toBe(th.login.title);
    await p.goto('/');
    await p.waitForURL('**/login');
  });

  it('shows the not-found page for an unknown path', async () => {
    const p = await openPage();
    await p.goto('/no/such/page');
    await expect.poll(() => heading(p).innerText()).toBe(th.notFound.title);
    expect(await p.getByText(th.notFound.body).isVisible()).toBe(true);
    expect(p.url()).toMatch(/\/no\/such\/page$/);
    await fontsReady(p);
    await screenshot(p, 'not-found-th');
  });

  it("goes to /terminated when the service answers 'gone'", async () => {
    const p = await openPage();
    await p.route('**/api/lookup/active', (route) => route.fulfill({ status: 410, json: { message: 'gone' } }));
    await p.goto('/login');
    await p.waitForURL('**/terminated');
    // Its page is a chunk of its own: on a loaded machine the login's heading stays until it arrives.
    await expect.poll(() => heading(p).innerText(), { timeout: 15_000 }).toBe(th.terminated.title);
    await fontsReady(p);
    await screenshot(p, 'terminated-th');
  });

  it('shows the member shell with a token; conditions open in a dialog; logout returns to /login', async () => {
    const p = await openPage();
    await p.route('**/api/lookup/conditions', (route) =>
      route.fulfill({ status: 200, json: ['<b>Turnover</b> 5× the bonus before withdrawing.', 'One bonus at a time.'] }),
    );
    await mockMemberData(p);
    await p.goto('/login');
    await chooseLanguage(p, 'en');
    await p.evaluate(() => localStorage.setItem('token', 'a-token'));
    await p.goto('/user');
    await p.waitForURL('**/user/home');
    await expect.poll(() => heading(p).innerText()).toBe(en.pages.home);
    for (const key of ['profile', 'conditions', 'statement', 'contact', 'home'] as const) {
      expect(await p.getByTestId(`menu-${key}`).innerText()).toBe(en.nav[key]);
    }
    await fontsReady(p);
    await screenshot(p, 'member-home-en');

    await p.getByTestId('menu-conditions').click();
    const dialog = p.getByRole('dialog', { name: en.conditions.title });
    await dialog.getByText('One bonus at a time.').waitFor();
    await screenshot(p, 'member-conditions-en');
    await p.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await p.getByTestId('menu-statement').click();
    await p.waitForURL('**/user/statement');

    const logoutCall = p.waitForRequest('**/api/logout');
    await p.getByRole('button', { name: en.nav.logout }).click();
    // The server is told to end this session: the call still carries the token being forgotten.
    expect((await logoutCall).headers()['authorization']).toBe('Bearer a-token');
    await p.waitForURL('**/login');
    expect(await p.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('goes to /login and forgets the token when the server says invalid-token', async () => {
    const p = await openPage();
    await p.route('**/api/lookup/conditions', (route) => route.fulfill({ status: 401, json: { message: 'invalid-token' } }));
    await mockMemberData(p);
    // Set on a static page: /login forgets a stored session when it mounts, perhaps after load.
    await p.goto('/favicon.svg');
    await p.evaluate(() => sessionStorage.setItem('token', 'stale'));
    await p.goto('/user/home');
    await p.getByTestId('menu-conditions').click();
    await p.waitForURL('**/login');
    expect(await p.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });
});

describe('narrowest phone', () => {
  it('fits 360 px wide without sideways scrolling, in every language, logged out and in', async () => {
    for (const locale of ['th', 'la', 'en'] as const) {
      context = await phoneContext(browser, { width: 360, height: 740 });
      const p = await context.newPage();
      await mockMemberData(p);
      await p.goto('/login');
      await chooseLanguage(p, locale);
      await expect.poll(() => heading(p).innerText()).toBe(LOCALES[locale].login.title);
      const overflow = () => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBe(0);

      await p.evaluate(() => localStorage.setItem('token', 'a-token'));
      await p.goto('/user/home');
      await expect.poll(() => heading(p).innerText()).toBe(LOCALES[locale].pages.home);
      expect(await overflow()).toBe(0);
      // Header controls stay inside the column and do not overlap the brand.
      const brand = await p.locator('.brand').boundingBox();
      const dropdown = await p.getByTestId('language-trigger').boundingBox();
      const logout = await p.getByTestId('logout').boundingBox();
      expect(brand && dropdown && brand.x + brand.width <= dropdown.x).toBe(true);
      expect(logout && logout.x + logout.width <= 360).toBe(true);
      await fontsReady(p);
      await screenshot(p, `member-home-360-${locale}`);
      await context.close();
    }
  });
});

describe('desktop', () => {
  it('centres the app in a 480 px column', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: baseURL() });
    const p = await context.newPage();
    await p.goto('/login');
    await heading(p).waitFor();
    const column = await p.locator('.app-column').boundingBox();
    expect(column?.width).toBe(480);
    expect(column && Math.abs(column.x - (1280 - 480) / 2)).toBeLessThanOrEqual(1);
    const menu = await p.getByRole('navigation').boundingBox();
    expect(menu && Math.round(menu.x)).toBe(Math.round(column!.x));
    await fontsReady(p);
    await screenshot(p, 'login-desktop-th');
  });
});
