import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { fontsReady, launchChromium, phoneContext, screenshot } from './harness';
import { LAO, THAI, api, chooseLanguage, registerMember } from './support';

/**
 * A new member's bonus, end to end: a deposit, a promotion code received on /user/bonus, the
 * demo game played until the turnover is met while the page's progress bar rises (the socket
 * pushes every bet's turnover), the bonus finishing (statement finish_bonus), a withdrawal.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let member: Awaited<ReturnType<typeof registerMember>>;
const key = (what: string) => ({ 'idempotency-key': `${what}-${Date.now()}-${Math.random().toString(36).slice(2)}` });

beforeAll(async () => {
  browser = await launchChromium();
  member = await registerMember({ name: 'Mali Bonus', accountPrefix: '57' });
  context = await phoneContext(browser);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const progress = async () => Number(await page.getByRole('progressbar').getAttribute('aria-valuenow'));

describe('bonus journey', () => {
  it('deposits, then receives a promotion code as the held bonus on /user/bonus', async () => {
    const funded = await api('POST', '/api/sandbox/wallet/fund', { amount: 1000 }, { ...member.auth, ...key('fund') });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);

    await page.goto('/login');
    await chooseLanguage(page, 'en');
    await page.getByLabel(en.login.phone).fill(member.phone);
    await page.getByLabel(en.login.password, { exact: true }).fill(member.password);
    await page.getByRole('button', { name: en.login.submit, exact: true }).click();
    await page.waitForURL('**/user/home');
    await page.goto('/user/bonus');

    await page.getByTestId('bonus-card-WELCOME100').waitFor();
    // The code is forced to upper case as it is typed.
    await page.getByTestId('promotion-code').fill('songkran');
    expect(await page.getByTestId('promotion-code').inputValue()).toBe('SONGKRAN');
    await page.getByTestId('promotion-search').click();
    await page.getByTestId('promotion-found').waitFor();
    expect(await page.getByTestId('promotion-found').innerText()).toContain('100 baht');
    await page.getByTestId('promotion-receive').click();
    await page.getByRole('alertdialog', { name: en.bonusPage.activated }).getByRole('button', { name: en.common.ok }).click();

    await page.getByTestId('held-bonus').waitFor();
    expect(await page.getByTestId('held-type').innerText()).toBe(en.bonusPage.types.limit);
    expect(await progress()).toBe(0);
    expect(await page.getByTestId('turnover-figures').innerText()).toMatch(/0\.00 baht of 500\.00 baht/);
    await fontsReady(page);
    await screenshot(page, 'bonus-held-en', true);
  });

  it('plays the demo game until the turnover is met while the progress bar rises, and the bonus finishes', async () => {
    expect((await api('GET', '/api/wallet/activate/PG', undefined, member.auth)).status).toBe(200);
    const moved = await api('POST', '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 1000 }, { ...member.auth, ...key('move') });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const login = await api<{ username: string }>('GET', '/api/wallet/account/PG', undefined, member.auth);
    const launch = await api<{ link: string }>('GET', `/api/autoLogin/pg/${encodeURIComponent(login.body.username)}`, undefined, member.auth);
    const token = new URL(launch.body.link).searchParams.get('t')!;

    const seen: number[] = [];
    // 500 of turnover at 10 a spin; the page is never reloaded, the socket moves the bar.
    for (let spin = 1; spin <= 50; spin++) {
      const played = await api('POST', '/api/sandbox/game/spin', { t: token, stake: 10 });
      expect(played.status, JSON.stringify(played.body)).toBe(200);
      if (spin === 15 || spin === 30) {
        await expect.poll(progress, { timeout: 15_000 }).toBeGreaterThanOrEqual(spin * 2);
        seen.push(await progress());
        if (spin === 30) {
          for (const [locale, script] of [['th', THAI], ['la', LAO]] as const) {
            await chooseLanguage(page, locale);
            await expect.poll(() => page.getByTestId('held-bonus').innerText()).toMatch(script);
            // The cards' operator texts come again in the chosen language.
            await expect.poll(() => page.getByTestId('bonus-card-WELCOME100').innerText()).toMatch(script);
            await fontsReady(page);
            await screenshot(page, `bonus-held-${locale}`, true);
          }
          await chooseLanguage(page, 'en');
        }
      }
    }
    expect(seen[1]).toBeGreaterThan(seen[0]);
    // Finished: the held bonus leaves the page and the promotion search comes back.
    await page.getByTestId('promotion-code').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('held-bonus').count()).toBe(0);
    await screenshot(page, 'bonus-finished-en', true);

    const statement = await api<{ statements: { statementType: string; promotion?: { description: string } }[] }>('POST', '/api/statement', { page: 1, limit: 10 }, member.auth);
    expect(statement.body.statements.map((s) => s.statementType)).toEqual(expect.arrayContaining(['finish_bonus', 'bonus', 'deposit']));
    expect(statement.body.statements.find((s) => s.statementType === 'bonus')?.promotion?.description).toContain('SONGKRAN');
  });

  it('withdraws once the bonus is finished', async () => {
    await page.goto('/user/home');
    await page.getByTestId('widget-withdraw').click();
    const dialog = page.getByRole('dialog', { name: en.withdraw.title });
    await dialog.getByLabel(en.withdraw.amount).fill('100');
    await page.getByTestId('withdraw-submit').click();
    const done = page.getByRole('alertdialog', { name: en.withdraw.doneTitle });
    await done.waitFor();
    await done.getByRole('button', { name: en.common.ok }).click();
    await expect.poll(() => page.getByTestId('wallet-amount').innerText()).toBe('0.00');
    const statement = await api<{ statements: { statementType: string; amount: number }[] }>('POST', '/api/statement', { page: 1, limit: 10 }, member.auth);
    expect(statement.body.statements[0].statementType).toBe('withdraw');
    expect(Math.abs(statement.body.statements[0].amount)).toBe(100);
  });

  it('shows an operator banner whose html holds a script, without running it', async () => {
    const hostile = '<b>Invite and win</b><script>window.__bannerRan = 1</script><img src="x" onerror="window.__bannerRan = 2">';
    await page.route('**/api/invite/banners', (route) => route.fulfill({ json: [{ image: '', html: hostile }] }));
    await page.goto('/user/home');
    await page.getByTestId('widget-invite').click();
    const html = page.getByTestId('banner-html');
    await html.waitFor();
    expect(await html.innerText()).toContain('Invite and win');
    expect(await html.locator('script, img[onerror]').count()).toBe(0);
    // An onerror would have fired by now had the image gone in.
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as { __bannerRan?: number }).__bannerRan)).toBeUndefined();
    await page.unroute('**/api/invite/banners');
  });
});
