import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fontsReady, launchChromium, phoneContext, screenshot } from './harness';
import { actionCode, seedPassword, signInConsole } from './operators';
import { api, LOCALES, openAsMember, registerMember, type Locale } from './support';

/**
 * Four eyes on payouts (issue 30), as operators do it: a member withdraws above the four-eyes
 * amount (10,000 baht by default); the seeded `admin` reviews it and gives the first approval; the
 * seeded `checker`, an operator of another tree, reviews it (screenshots of the review in th, la
 * and en at a laptop's width and at 390x844) and gives the second with a new authenticator code;
 * the withdrawal is paid once. A second withdrawal is rejected with a reason the member then reads
 * on the statement.
 */

let browser: Browser;
const contexts: BrowserContext[] = [];
let member: Awaited<ReturnType<typeof registerMember>>;
const name = `Four Eyes ${Date.now() % 100_000}`;
let adminToken = '';
let checkerToken = '';

const memberApi = <T>(method: string, pathname: string, body: unknown, key: string) =>
  api<T>(method, pathname, body, { ...member.auth, 'idempotency-key': `${key}-${Date.now()}` });

/** A console page at a width, in a language, signed in with a session made elsewhere. */
async function openConsole(token: string, locale: Locale, width: number): Promise<Page> {
  const context = await phoneContext(browser, { width, height: width > 500 ? 900 : 844, deviceScaleFactor: width > 500 ? 1 : 2 });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/favicon.svg');
  await page.evaluate(([t, l]) => { sessionStorage.setItem('operatorToken', t); localStorage.setItem('locale', l); }, [token, locale]);
  await page.goto('/admin/withdrawals');
  await fontsReady(page);
  return page;
}

/** Signs a seeded operator in through the console, and keeps the session's token for more pages. */
async function signedIn(username: string): Promise<string> {
  const context = await phoneContext(browser, { width: 1280, height: 900, deviceScaleFactor: 1 });
  contexts.push(context);
  const page = await context.newPage();
  await signInConsole(page, username, seedPassword(undefined, username), LOCALES.en, 'en');
  return page.evaluate(() => sessionStorage.getItem('operatorToken') ?? '');
}

const card = (page: Page) => page.getByTestId('withdrawal').filter({ hasText: name });

beforeAll(async () => {
  browser = await launchChromium();
  member = await registerMember({ name, accountPrefix: '73' });
  expect((await memberApi('POST', '/api/sandbox/wallet/fund', { amount: 30_000 }, 'fund')).status).toBe(200);
  expect((await memberApi('POST', '/api/wallet/withdraw', { amount: 12_000 }, 'wd-large')).status).toBe(200);
  adminToken = await signedIn('admin');
  checkerToken = await signedIn('checker');
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

describe('four eyes on payouts', () => {
  it('the admin reviews a withdrawal above the four-eyes amount and gives the first approval; nothing is paid (th, phone)', async () => {
    const th = LOCALES.th.admin;
    const page = await openConsole(adminToken, 'th', 390);
    const item = card(page);
    await item.waitFor();
    expect(await item.getAttribute('data-approvals')).toBe('0/2');
    await item.getByRole('button', { name: th.approve, exact: true }).click();
    const review = page.getByTestId('withdrawal-review');
    await review.getByTestId('withdrawal-review-rule').waitFor();
    expect(await review.getByTestId('withdrawal-review-approvals').innerText()).toBe(th.withdrawals.approvals.count.replace('{{given}}', '0').replace('{{required}}', '2'));
    expect(await review.getByTestId('withdrawal-review-code').count()).toBe(0);
    await screenshot(page, 'payouts-review-first-th-phone');
    await review.getByTestId('withdrawal-review-confirm').click();
    await page.getByRole('status').filter({ hasText: th.withdrawals.firstApproved }).waitFor();
    await expect.poll(() => item.getAttribute('data-approvals')).toBe('1/2');
    // The first approver is not offered the second approval.
    expect(await item.getByRole('button', { name: th.withdrawals.approveSecond }).count()).toBe(0);
    expect(await item.getByRole('button', { name: th.approve, exact: true }).count()).toBe(0);
    await screenshot(page, 'payouts-queue-first-given-th-phone');
    const statement = await api<{ statements: { statementType: string; status: string }[] }>('POST', '/api/statement', { page: 1, limit: 5 }, member.auth);
    expect(statement.body.statements[0]).toMatchObject({ statementType: 'withdraw', status: 'PENDING' });
  });

  for (const locale of ['th', 'la', 'en'] as const) {
    for (const [width, form] of [[1280, 'desktop'], [390, 'phone']] as const) {
      it(`the checker's review shows the member, the first approval and asks for a code (${locale}, ${form})`, async () => {
        const strings = LOCALES[locale].admin;
        const page = await openConsole(checkerToken, locale, width);
        const item = card(page);
        await item.waitFor();
        await item.getByRole('button', { name: strings.withdrawals.approveSecond }).click();
        const review = page.getByTestId('withdrawal-review');
        await review.getByTestId('withdrawal-review-code').waitFor();
        expect(await review.innerText()).toContain('admin');
        expect(await review.getByTestId('withdrawal-review-rule').innerText()).toBe(strings.withdrawals.review.second);
        const confirm = review.getByTestId('withdrawal-review-confirm');
        expect(await confirm.isDisabled()).toBe(true);
        // Measured once the dialog's opening animation (a small scale) has finished.
        await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
        const box = await confirm.boundingBox();
        expect(box!.height).toBeGreaterThanOrEqual(44);
        await fontsReady(page);
        await screenshot(page, `payouts-review-second-${locale}-${form}`);
        await review.getByRole('button', { name: strings.cancel }).click();
        await expect.poll(() => review.getByTestId('withdrawal-review-code').count()).toBe(0);
      });
    }
  }

  it('the checker gives the second approval with a new code and the withdrawal is paid once (en, desktop)', async () => {
    const en = LOCALES.en.admin;
    const page = await openConsole(checkerToken, 'en', 1280);
    const item = card(page);
    await item.waitFor();
    await item.getByRole('button', { name: en.withdrawals.approveSecond }).click();
    const review = page.getByTestId('withdrawal-review');
    await review.getByTestId('withdrawal-review-code').fill(await actionCode('checker'));
    await review.getByTestId('withdrawal-review-confirm').click();
    await page.getByRole('status').filter({ hasText: en.withdrawals.approved }).waitFor();
    await expect.poll(() => item.count()).toBe(0);
    const statement = await api<{ statements: { statementType: string; status: string; amount: number }[] }>('POST', '/api/statement', { page: 1, limit: 5 }, member.auth);
    expect(statement.body.statements[0]).toMatchObject({ statementType: 'withdraw', status: 'SUCCESS', amount: 12_000 });
    const audit = await api<{ items: { action: string; operator: string | null }[] }>('GET', '/api/admin/audit?action=withdrawal.', undefined, { authorization: `Bearer ${adminToken}` });
    const actions = audit.body.items.map((i) => `${i.action} ${i.operator}`);
    expect(actions).toEqual(expect.arrayContaining(['withdrawal.approve_first admin', 'withdrawal.approve_second checker']));
  });

  it('a rejection asks for a reason, and the member reads it on the statement (en console, la member)', async () => {
    expect((await memberApi('POST', '/api/wallet/withdraw', { amount: 6_000 }, 'wd-reject')).status).toBe(200);
    const en = LOCALES.en.admin;
    const page = await openConsole(adminToken, 'en', 1280);
    const item = card(page);
    await item.waitFor();
    await item.getByRole('button', { name: en.reject }).click();
    const dialog = page.getByTestId('withdrawal-reject');
    const confirm = dialog.getByTestId('withdrawal-reject-confirm');
    // "Other" needs words.
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(LOCALES.en.statement.withdrawReason.TURNOVER_NOT_MET).check();
    await dialog.getByTestId('withdrawal-reject-note').fill('<b>Play</b> 3 more rounds & ask again');
    await screenshot(page, 'payouts-reject-en-desktop');
    await confirm.click();
    await page.getByRole('status').filter({ hasText: en.withdrawals.rejected }).waitFor();

    const memberContext = await phoneContext(browser);
    contexts.push(memberContext);
    const memberPage = await memberContext.newPage();
    await openAsMember(memberPage, member.auth.authorization.slice('Bearer '.length), 'la', '/user/statement');
    const reason = memberPage.getByTestId('statement-reason').first();
    await reason.waitFor();
    const text = await reason.innerText();
    expect(text.replaceAll('\u2060', '')).toContain(LOCALES.la.statement.withdrawReason.TURNOVER_NOT_MET.replaceAll('\u2060', ''));
    // The operator's words are text: the tags show as typed and make no bold.
    expect(text).toContain('<b>Play</b> 3 more rounds & ask again');
    expect(await memberPage.locator('.statement-row__reason b').count()).toBe(0);
    await fontsReady(memberPage);
    await screenshot(memberPage, 'payouts-statement-reason-la-phone');
  });
});
