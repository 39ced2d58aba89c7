import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import la from '../../locales/la.json';
import { readQrImage } from '../server/helpers/deposits';
import { parseStrict } from '../server/helpers/emvco-strict';
import { buildClient, fontsReady, launchChromium, phoneContext, screenshot, startServer, type E2eServer } from './harness';
import { CLIENT, LAO, fill } from './support';

/**
 * The Laos variant's money, as a Lao member holding kip sees it on a phone (390×844): the Lao
 * build against a COUNTRY=LA server of its own (the other journeys share the Thailand one). The
 * member makes a BCEL LAO QR code for a kip preset, which the sandbox pay page pays; the home
 * shows the kip credited; a fractional kip amount cannot be typed (its message says why) and a whole
 * one goes through; the statement lists both. The QR shown is read back and checked with the
 * tests' strict EMVCo reader.
 */

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let member: { phone: string; password: string };

const KIP = la.wallet.currency.LAK;

async function laoApi<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(path, server.baseURL), {
    method, headers: { ...CLIENT, ...headers }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A Lao member holding kip, at BCEL, registered through the API as the register screens do. */
async function registerLaoMember() {
  const phone = `020${String(Date.now()).slice(-8)}`;
  const password = 'secret-123';
  const sent = await laoApi<{ otpToken: string; code: string }>('POST', '/api/otp/send', { phoneNumber: phone });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const { otpToken } = sent.body;
  if (sent.body.code !== 'OTP_VERIFIED') {
    const inbox = await laoApi<{ messages: { code: string }[] }>('GET', `/api/sandbox/sms?phone=${phone}`);
    expect((await laoApi('POST', '/api/otp/verify', { otpToken, otpCode: inbox.body.messages[0].code })).status).toBe(200);
  }
  const created = await laoApi('POST', '/api/account', {
    name: 'Khamla Souksavanh', username: phone, password, bankCode: 'BCEL', bankAccountName: 'KHAMLA SOUKSAVANH',
    bankAccountNo: `0101${String(Date.now()).slice(-11)}`, currency: 'LAK', otpToken,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const login = await laoApi<{ token: string }>('POST', '/api/login', { username: phone, password });
  const auth = { authorization: `Bearer ${login.body.token}` };
  const agreement = await laoApi<{ version: number; accepted: boolean }>('GET', '/api/account/agreement', undefined, auth);
  if (agreement.status === 200 && !agreement.body.accepted) await laoApi('POST', '/api/account/agreement', { version: agreement.body.version }, auth);
  return { phone, password };
}

beforeAll(async () => {
  const clientDir = await buildClient('dist-la', { VITE_COUNTRY: 'LA' });
  server = await startServer({ COUNTRY: 'LA', CLIENT_DIR: clientDir }, 'server-la.log');
  browser = await launchChromium();
  member = await registerLaoMember();
  context = await phoneContext(browser, { baseURL: server.baseURL });
  page = await context.newPage();
}, 300_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const total = () => page.getByTestId('total-balance').innerText();
/** Waits out the dialogs' opening animation, so screenshots show them as the member does. */
const settled = (p: Page) =>
  p.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))).then(() => undefined));

describe('Laos: money in kip', () => {
  it('serves the Lao build: index.html says Lao before any script runs, and the login is in Lao', async () => {
    const html = await (await fetch(new URL('/login', server.baseURL), { headers: { accept: 'text/html' } })).text();
    expect(html).toMatch(/<html lang="lo">/);
    await page.goto('/login');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('lo');
    await page.getByLabel(la.login.phone).fill(member.phone);
    await page.getByLabel(la.login.password, { exact: true }).fill(member.password);
    await page.getByRole('button', { name: la.login.submit, exact: true }).click();
    await page.waitForURL('**/user/home');
    await expect.poll(total).toMatch(new RegExp(`^0\\.00\\s*${KIP}$`));
  });

  it('deposits 100,000 kip by a BCEL LAO QR that the sandbox pay page pays', async () => {
    await page.getByTestId('widget-deposit').click();
    const dialog = page.getByRole('dialog', { name: la.deposit.title });
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: la.deposit.method.qr }).click();
    const form = dialog.getByTestId('qr-form');
    await form.waitFor();
    // Kip presets and minimum, not SPEC's baht ones.
    expect(await form.locator('.qr-preset').allInnerTexts()).toEqual(['50,000', '100,000', '200,000', '500,000', '1,000,000', '2,000,000']);
    await dialog.getByText(fill(la.qr.bounds, { min: '10,000.00', max: '50,000,000.00', currency: KIP })).waitFor();
    await dialog.getByLabel(la.qr.amount).fill('10');
    expect(await dialog.getByTestId('qr-create').isDisabled()).toBe(true);
    // Whole kip only: a fraction cannot be typed, and the form says why (issue 27).
    await dialog.getByLabel(la.qr.amount).fill('12000.50');
    expect(await dialog.getByLabel(la.qr.amount).inputValue()).toBe('12000');
    await dialog.getByText(la.errors.AMOUNT_STEP).waitFor();
    await fontsReady(page);
    await settled(page);
    await screenshot(page, 'laos-qr-form-la');

    await dialog.getByRole('button', { name: '100,000', exact: true }).click();
    const created = page.waitForResponse((r) => r.url().endsWith('/api/qrcode/BCEL') && r.request().method() === 'POST');
    await dialog.getByTestId('qr-create').click();
    const answer = (await (await created).json()) as { hasQrcode: boolean; qrcodeId: string; amount: number; qrcode: string };
    expect(answer).toMatchObject({ hasQrcode: true, amount: 100_000 });

    // The code shown is one a Lao banking app can pay: every mandatory tag, BCEL's bank id, the merchant.
    const shown = dialog.getByTestId('qr-code');
    await shown.waitFor();
    const src = (await shown.getByRole('img').getAttribute('src'))!;
    const qr = parseStrict(readQrImage(src)!);
    expect(qr.template('38').get('01')).toBe('27710418');
    expect(qr.template('38').get('03')).toBe('mchSANDBOX000001');
    expect([qr.tags.get('53'), qr.tags.get('54'), qr.tags.get('58')]).toEqual(['418', '100000', 'LA']);
    expect(await shown.innerText()).toMatch(/100,000\.00\s*ກີບ/);
    await fontsReady(page);
    await settled(page);
    await screenshot(page, 'laos-qr-shown-la');

    const payPage = await context.newPage();
    await payPage.goto(`/sandbox/pay/${answer.qrcodeId}`);
    expect(await payPage.locator('dl').innerText()).toContain('100,000.00 LAK');
    await payPage.getByRole('button', { name: /Pay/ }).click();
    await payPage.locator('#result').filter({ hasText: 'Paid' }).waitFor();
    await screenshot(payPage, 'laos-sandbox-pay-page');
    await payPage.close();

    const received = dialog.getByTestId('qr-received');
    await received.waitFor({ timeout: 10_000 });
    expect(await received.getByTestId('qr-received-balance').innerText()).toBe(fill(la.qr.receivedBalance, { amount: '100,000.00', currency: KIP }));
    await fontsReady(page);
    await settled(page);
    await screenshot(page, 'laos-qr-received-la');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(total).toMatch(new RegExp(`^100,000\\.00\\s*${KIP}$`));
  });

  it('withdraws whole kip within the kip limits; a fractional kip amount cannot be typed', async () => {
    await page.getByTestId('widget-withdraw').click();
    const dialog = page.getByRole('dialog', { name: la.withdraw.title });
    await dialog.waitFor();
    await dialog.getByText(fill(la.withdraw.limits, { min: '50,000.00', max: '50,000,000.00', currency: KIP })).waitFor();

    // A fraction of a kip cannot be typed (issue 27: "1.00 kip" was accepted): only its whole part stays.
    await dialog.getByLabel(la.withdraw.amount).fill('60000.5');
    expect(await dialog.getByLabel(la.withdraw.amount).inputValue()).toBe('60000');
    await dialog.getByTestId('amount-whole-only').waitFor();
    await fontsReady(page);
    await screenshot(page, 'laos-withdraw-fraction-refused-la');

    await page.getByTestId('withdraw-submit').click();
    const done = page.getByRole('alertdialog', { name: la.withdraw.doneTitle });
    await done.waitFor();
    await fontsReady(page);
    await screenshot(page, 'laos-withdraw-done-la');
    await done.getByRole('button', { name: la.common.ok }).click();
    await expect.poll(total).toMatch(new RegExp(`^40,000\\.00\\s*${KIP}$`));
  });

  it('lists the deposit and the withdrawal in kip in the statement', async () => {
    await page.getByTestId('menu-statement').click();
    await page.waitForURL('**/user/statement');
    const rows = page.getByTestId('statement-row');
    await expect.poll(() => rows.count()).toBe(2);
    const amounts = await rows.getByTestId('statement-amount').allInnerTexts();
    expect(amounts).toEqual(['-60,000.00', '+100,000.00']);
    expect(await rows.first().getAttribute('data-type')).toBe('withdraw');
    expect(await rows.nth(1).getAttribute('data-type')).toBe('deposit');
    expect(await rows.nth(1).getByTestId('statement-status').innerText()).toBe(la.statement.status.SUCCESS);
    expect(await page.locator('main').innerText()).toMatch(LAO);
    await fontsReady(page);
    await screenshot(page, 'laos-statement-la', true);
  });
});
