import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fontsReady, launchChromium, phoneContext, screenshot } from './harness';
import { LOCALES, api, chooseLanguage, isTopAtItsCentre, openAsMember, registerMember, type Locale } from './support';

/**
 * Issue 32, offline and flaky networks, on a phone (390×844) in Chromium: the banner under the
 * header when the network drops (th, la, en, on the public pages and the member's), gone when it
 * returns; a transfer started offline sends nothing and says so; a transfer whose answer the
 * network lost (the server applied it, the client saw no answer) is asked again with the same
 * key when the network is back, moves the money once, and the member is told it went through.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let member: { phone: string; password: string; auth: Record<string, string> };

const banner = () => page.locator('header .connection-banner');
/** What the banner says: offline, unreachable, reconnecting, or nothing (online). */
const bannerState = () => banner().evaluate((el) => el.querySelector('p')?.className.match(/--(\w+)/)?.[1] ?? 'online');
type WalletAnswer = { wallet: { amount: number }; slots: { code: string; amount: number }[] };
const balances = async () => {
  const { body } = await api<WalletAnswer>('GET', '/api/wallet', undefined, member.auth);
  return { wallet: body.wallet.amount, PG: body.slots.find((s) => s.code === 'PG')?.amount };
};
const transfersBooked = async () => {
  const { body } = await api<{ statements: { statementType: string; amount: number }[] }>('POST', '/api/statement', { page: 1, limit: 20 }, member.auth);
  return body.statements.filter((row) => row.statementType === 'transfer').map((row) => row.amount);
};
const overflow = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  browser = await launchChromium();
  member = await registerMember({ name: 'Offline Member', accountPrefix: '63' });
  const funded = await api('POST', '/api/sandbox/wallet/fund', { amount: 1000 }, { ...member.auth, 'idempotency-key': randomUUID() });
  expect(funded.status).toBe(200);
  expect((await api('GET', '/api/wallet/activate/PG', undefined, member.auth)).status).toBe(200);
  context = await phoneContext(browser);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('offline and flaky networks', () => {
  it('public pages: the banner comes when the network drops and goes when it returns', async () => {
    await page.goto('/login');
    await chooseLanguage(page, 'en');
    await page.getByLabel(LOCALES.en.login.phone).waitFor();
    expect(await bannerState()).toBe('online');
    await context.setOffline(true);
    await expect.poll(bannerState).toBe('offline');
    expect(await banner().innerText()).toBe(LOCALES.en.connection.offline);
    expect(await banner().getAttribute('role')).toBe('status');
    expect(await overflow(page)).toBe(0);
    await fontsReady(page);
    await screenshot(page, 'offline-banner-login-en');
    await context.setOffline(false);
    await expect.poll(bannerState).toBe('online');
    expect(await banner().innerText()).toBe('');
  });

  it('member pages: the banner in th, la and en, in the header, covering neither the buttons nor the bottom menu', async () => {
    await openAsMember(page, member.auth.authorization.replace('Bearer ', ''), 'en', '/user/home');
    await expect.poll(() => page.getByTestId('wallet-amount').innerText(), { timeout: 15_000 }).toBe('1,000.00');
    // Each language's strings are fetched while online; the network then drops once.
    for (const locale of ['th', 'la', 'en'] as Locale[]) await chooseLanguage(page, locale);
    await context.setOffline(true);
    await expect.poll(bannerState).toBe('offline');
    for (const locale of ['th', 'la', 'en'] as Locale[]) {
      await chooseLanguage(page, locale);
      const status = page.getByRole('status').filter({ hasText: LOCALES[locale].connection.offline });
      await status.waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      // In the sticky header, above the page; the page's buttons and the bottom menu stay touchable.
      expect(await status.evaluate((el) => el.closest('header') !== null)).toBe(true);
      const strip = (await banner().boundingBox())!;
      const menu = (await page.getByRole('navigation', { name: LOCALES[locale].nav.menu }).boundingBox())!;
      expect(strip.y + strip.height).toBeLessThan(menu.y);
      expect(await isTopAtItsCentre(page.getByTestId('widget-transfer'))).toBe(true);
      expect(await isTopAtItsCentre(page.getByTestId('menu-home'))).toBe(true);
      expect(await overflow(page)).toBe(0);
      await fontsReady(page);
      await screenshot(page, `offline-banner-${locale}`);
      // The narrowest phone the product serves.
      await page.setViewportSize({ width: 360, height: 780 });
      expect(await overflow(page)).toBe(0);
      await page.setViewportSize({ width: 390, height: 844 });
    }
    await context.setOffline(false);
    // Back online the offline words go; the live socket may still be connecting again (socket.io
    // waits between attempts), which the strip says until it is connected.
    await expect.poll(bannerState).not.toBe('offline');
    const says = await banner().evaluate((el) => el.textContent);
    expect([LOCALES.en.live.reconnecting, '']).toContain(says);
  });

  it('a transfer started offline sends nothing and says so', async () => {
    const t = LOCALES.en;
    const sent: Request[] = [];
    const watch = (request: Request) => {
      if (request.url().includes('/api/wallet/transfer')) sent.push(request);
    };
    page.on('request', watch);
    await context.setOffline(true);
    await expect.poll(bannerState).toBe('offline');
    await page.getByTestId('widget-transfer').click();
    const dialog = page.getByRole('dialog', { name: t.transfer.title });
    await dialog.getByLabel(t.transfer.to).selectOption('PG');
    await dialog.getByLabel(t.transfer.amount).fill('100');
    await page.getByTestId('transfer-submit').click();
    const refused = page.getByRole('alertdialog', { name: t.transfer.failedTitle });
    await refused.waitFor();
    expect(await refused.getByTestId('money-failure-text').innerText()).toBe(t.errors.OFFLINE);
    // Nothing to retry: nothing was sent.
    expect(await refused.getByRole('button', { name: t.common.retry }).count()).toBe(0);
    await fontsReady(page);
    await screenshot(page, 'offline-transfer-refused-en');
    await refused.getByRole('button', { name: t.common.ok }).click();
    page.off('request', watch);
    expect(sent).toHaveLength(0);
    await context.setOffline(false);
    await expect.poll(bannerState).not.toBe('offline');
    expect(await balances()).toEqual({ wallet: 1000, PG: 0 });
  });

  it('the network cut mid-transfer: asked again with the same key when it is back; the money moves once and the member is told', async () => {
    const t = LOCALES.en;
    const dialog = page.getByRole('dialog', { name: t.transfer.title });
    const sent: Request[] = [];
    const answers: Response[] = [];
    let applied = 0;
    await page.route('**/api/wallet/transfer', async (route) => {
      sent.push(route.request());
      if (sent.length === 1) {
        // The request reaches the server, which moves the money; the answer is lost with the network.
        const answer = await route.fetch();
        applied = answer.status();
        await context.setOffline(true);
        await route.abort('internetdisconnected');
      } else {
        await route.continue();
      }
    });
    const watch = (response: Response) => {
      if (response.url().includes('/api/wallet/transfer')) answers.push(response);
    };
    page.on('response', watch);

    await dialog.getByLabel(t.transfer.amount).fill('300');
    await page.getByTestId('transfer-submit').click();
    const unknown = page.getByRole('alertdialog', { name: t.wallet.connectionLostTitle });
    await unknown.waitFor();
    expect(await unknown.getByTestId('money-connection-lost').innerText()).toBe(t.wallet.connectionLostBody);
    expect(await bannerState()).toBe('offline');
    expect(applied).toBe(200);
    // The server has it already: moved once.
    expect(await balances()).toEqual({ wallet: 700, PG: 300 });
    await fontsReady(page);
    await screenshot(page, 'offline-transfer-no-answer-en');

    // Back online: the same request with the same key, answered with what the server stored.
    await context.setOffline(false);
    const done = page.getByRole('alertdialog', { name: t.transfer.doneTitle });
    await done.waitFor({ timeout: 15_000 });
    expect(await done.getByTestId('money-recovered').innerText()).toBe(t.wallet.recoveredNote);
    expect(sent).toHaveLength(2);
    const key = sent[0].headers()['idempotency-key'];
    expect(key).toMatch(/\S{16,}/);
    expect(sent[1].headers()['idempotency-key']).toBe(key);
    expect(sent[1].postDataJSON()).toEqual(sent[0].postDataJSON());
    expect(answers.map((a) => a.status())).toEqual([200]);
    expect(answers[0].headers()['idempotency-replayed']).toBe('true');
    await fontsReady(page);
    await screenshot(page, 'offline-transfer-recovered-en');
    await done.getByRole('button', { name: t.common.ok }).click();
    page.off('response', watch);
    await page.unroute('**/api/wallet/transfer');

    expect(await balances()).toEqual({ wallet: 700, PG: 300 });
    expect(await transfersBooked()).toEqual([300]);
    await expect.poll(() => page.getByTestId('wallet-amount').innerText()).toBe('700.00');
  });
});
