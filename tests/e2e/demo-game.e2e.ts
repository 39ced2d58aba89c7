import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { fontsReady, launchChromium, phoneContext, screenshot } from './harness';
import { LAO, LOCALES, THAI, api, chooseLanguage, registerMember } from './support';

/**
 * The sandbox demo slot behind a launch link: a member with money at PG gets the auto-login
 * link, opens it on a phone, plays three rounds with the pointer and two with the keyboard
 * only, and the wallet's balance check then agrees with the game.
 */




/** Registers a member the way the register screens do (OTP through the sandbox inbox) and logs in. */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let auth: Record<string, string>;
let gamePath: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  ({ auth } = await registerMember({ name: 'Somsri Player', accountPrefix: '41', acceptAgreement: false }));
  const funded = await api('POST', '/api/sandbox/wallet/fund', { amount: 500 }, { ...auth, 'idempotency-key': `fund-${Date.now()}` });
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
  expect((await api('GET', '/api/wallet/activate/PG', undefined, auth)).status).toBe(200);
  const moved = await api('POST', '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 200 }, { ...auth, 'idempotency-key': `move-${Date.now()}` });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  const login = await api<{ username: string }>('GET', '/api/wallet/account/PG', undefined, auth);
  const launch = await api<{ link: string }>('GET', `/api/autoLogin/pg/${encodeURIComponent(login.body.username)}`, undefined, auth);
  expect(launch.status, JSON.stringify(launch.body)).toBe(200);
  // The link is absolute on PUBLIC_URL; the test's browser reaches the same server by its own address.
  const link = new URL(launch.body.link);
  gamePath = `${link.pathname}${link.search}`;
  context = await phoneContext(browser);
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const balance = () => page.getByTestId('game-balance').innerText();
const result = () => page.getByTestId('game-result').innerText();
const spinButton = () => page.getByTestId('spin');
const settled = async () => {
  await expect.poll(() => spinButton().getAttribute('aria-disabled'), { timeout: 15_000 }).toBe('false');
};

/**
 * One round: the balance shown before, the spin, and the new balance once the reels have landed.
 * Also how long the balance waited after the server's answer (the landing animation).
 */
async function playRound(start: () => Promise<void>) {
  const before = await balance();
  const answered = page.waitForResponse('**/api/sandbox/game/spin');
  await start();
  expect((await answered).status()).toBe(200);
  const answeredAt = Date.now();
  await page.waitForFunction((shown) => document.querySelector('[data-testid="game-balance"]')?.textContent !== shown, before, { polling: 20, timeout: 15_000 });
  const landingMs = Date.now() - answeredAt;
  await settled();
  expect(await result()).toMatch(/Balance [\d,]+\.\d\d|ยอดเงิน|ຍອດເງິນ/);
  const landingFrames = Number(await page.getByTestId('slot-scene').locator('canvas').getAttribute('data-landing-frames'));
  return { before, after: await balance(), landingMs, landingFrames };
}


describe('demo slot game', () => {
  it('opens from the launch link with the balance at the provider and a canvas', async () => {
    await page.goto(gamePath);
    await chooseLanguage(page, 'en');
    await page.getByRole('heading', { name: 'PG Soft demo slot' }).waitFor();
    await expect.poll(balance).toBe('200.00');
    const canvas = page.getByTestId('slot-scene').locator('canvas');
    await canvas.waitFor();
    const box = await canvas.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.height).toBeGreaterThan(300);
    expect(await page.getByTestId('slot-scene').getAttribute('aria-label')).toContain('Middle row: Seven, Seven, Seven');
    expect(await page.getByRole('radio', { name: '1', exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: en.game.sound }).getAttribute('aria-pressed')).toBe('false');
    await fontsReady(page);
    await screenshot(page, 'demo-game-open-en');
  });

  it('plays three rounds with the pointer; the balance changes by the win less the stake', async () => {
    await page.getByRole('radio', { name: '5', exact: true }).check();
    for (let round = 0; round < 3; round++) {
      const { before, after, landingMs, landingFrames } = await playRound(() => spinButton().click());
      // The new balance shows only once the last reel has landed: the travel is 1.8 s of the
      // clock (a busy machine only lengthens it) drawn over several frames.
      expect(landingMs).toBeGreaterThan(1_400);
      expect(landingFrames).toBeGreaterThan(1);
      const win = Number((await page.getByTestId('game-win').innerText()).replace(/,/g, ''));
      expect(Number(after.replace(/,/g, ''))).toBeCloseTo(Number(before.replace(/,/g, '')) - 5 + win, 2);
    }
    expect(await page.getByTestId('slot-scene').getAttribute('aria-label')).toMatch(/^Slot reels\. Top row: /);
    await screenshot(page, 'demo-game-played-en');
  });

  it('plays two rounds with the keyboard only', async () => {
    // From the top of the page, Tab to the chosen stake, an arrow key to the next, Tab to Spin.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name === 'stake')) break;
    }
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('5');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: '10', exact: true }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('spin');

    for (const key of ['Enter', 'Space']) {
      const { before, after } = await playRound(() => page.keyboard.press(key));
      const win = Number((await page.getByTestId('game-win').innerText()).replace(/,/g, ''));
      expect(Number(after.replace(/,/g, ''))).toBeCloseTo(Number(before.replace(/,/g, '')) - 10 + win, 2);
      // The focus stays on Spin through the round, so the next key press spins again.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('spin');
    }
  });

  it("books the game's result in the wallet on the balance check", async () => {
    const shown = Number((await balance()).replace(/,/g, ''));
    const refreshed = await api<{ slots: { code: string; amount: number }[] }>('GET', '/api/wallet/refresh/slot', undefined, auth);
    expect(refreshed.body.slots.find((s) => s.code === 'PG')!.amount).toBeCloseTo(shown, 2);
  });

  it('shows the game in Thai, Lao and English', async () => {
    for (const locale of ['th', 'la', 'en'] as const) {
      await chooseLanguage(page, locale);
      const text = LOCALES[locale].game;
      await page.getByRole('button', { name: text.spin, exact: true }).waitFor();
      const heading = await page.getByRole('heading', { level: 1 }).innerText();
      if (locale === 'th') expect(heading).toMatch(THAI);
      if (locale === 'la') expect(heading).toMatch(LAO);
      expect(await page.getByRole('link', { name: text.backToLobby }).getAttribute('href')).toBe('/user/home');
      await fontsReady(page);
      await screenshot(page, `demo-game-${locale}`);
    }
  });

  it('lands at once when the player prefers reduced motion', async () => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const { before, after, landingFrames } = await playRound(() => spinButton().click());
    expect(after).not.toBe(before);
    // No landing animation: the reels show the result without a single frame of travel (a
    // count, not a duration, so a busy machine cannot fail it).
    expect(landingFrames).toBe(0);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('refuses a tampered link and sends the player back to the lobby', async () => {
    const other = await context.newPage();
    await other.goto(gamePath.replace(/t=([^&]+)/, (_, token: string) => `t=${token.slice(0, -4)}AAAA`));
    await other.getByRole('heading', { name: en.game.expiredTitle }).waitFor();
    expect(await other.getByRole('link', { name: en.game.backToLobby }).getAttribute('href')).toBe('/user/home');
    await fontsReady(other);
    await screenshot(other, 'demo-game-expired-en');
    await other.close();
  });

  it('goes back to the lobby without an error when the member opened the link themselves', async () => {
    // Not a tab the wallet opened: it cannot close itself, so the link leads to the lobby (here the
    // login, as this browser holds no member session).
    await page.getByRole('link', { name: en.game.backToLobby }).click();
    await page.waitForURL(/\/(user\/home|login)$/);
    await page.waitForTimeout(500);
    expect(pageErrors).toEqual([]);
  });
});
