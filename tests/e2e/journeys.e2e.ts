import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, fontsReady, launchChromium, phoneContext, screenshot, startServer, type E2eServer } from './harness';
import { codeFor, seedPassword } from './operators';
import { CLIENT, LAO, JOURNEY_LOCALES, LOCALES, THAI, chooseLanguage, fill, logIn, showLobby, transferOnHome, type Locale } from './support';

/**
 * The whole journey on a fresh server of its own, as new people live it, at 390x844:
 * - a member in each of th, la and en registers with the OTP from the sandbox inbox, logs in,
 *   accepts the agreement, deposits by QR in the deposit dialog (the sandbox bank's pay page
 *   pays it) and by a slip, receives a promotion code as the held bonus, moves the wallet into a
 *   game from the lobby, plays the demo game in its own tab until the turnover is met while the
 *   bonus page's progress bar rises, sees the bonus finish, moves the money back, spins the
 *   wheel with the coin the first deposit earned, writes to support, withdraws, and finds it
 *   all in the statement;
 * - a friend opens the Thai member's invite link, registers with the invite code fixed on the
 *   bank step, deposits and plays it through; the member receives 10% of it into the wallet from the invite widget;
 * - an operator signs in to the back office (enrolling the authenticator), answers a member's
 *   chat, approves a withdrawal above the automatic limit, and finds both in the audit log;
 * - then the server stops and `npm run ledger:audit -- --full` on its data is clean.
 * Any console error, page error, failed request or 5xx answer on any page fails the journey.
 */

let server: E2eServer;
let browser: Browser;
const LOG = 'journeys-server.log';
const problems: string[] = [];

/** The API of the journey's own server, as the client calls it. */
async function call<T>(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(pathname, server.baseURL), {
    method,
    headers: { ...CLIENT, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A phone context on the journey's server that records every console error, page error, failed request and 5xx. */
async function journeyContext(name: string): Promise<BrowserContext> {
  const context = await phoneContext(browser, { baseURL: server.baseURL });
  context.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${name}: console error: ${message.text()} (${message.location().url})`);
  });
  context.on('weberror', (error) => problems.push(`${name}: page error: ${error.error().message}`));
  context.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // A request the page itself gave up (navigation away, a closed tab, a socket's long poll) is not a failure.
    if (failure === 'net::ERR_ABORTED') return;
    problems.push(`${name}: request failed: ${request.method()} ${request.url()} ${failure}`);
  });
  context.on('response', (response) => {
    if (response.status() >= 500) problems.push(`${name}: ${response.status()} from ${response.request().method()} ${response.url()}`);
  });
  return context;
}

/** The newest OTP the sandbox SMS inbox holds for a phone. */
async function otpFor(phone: string): Promise<string> {
  for (let tries = 0; tries < 60; tries++) {
    const inbox = await call<{ messages: { code: string; text?: string }[] }>('GET', `/api/sandbox/sms?phone=${phone}`);
    if (inbox.status === 200 && inbox.body.messages.length > 0) return inbox.body.messages[0].code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no OTP arrived for ${phone}`);
}

/** The environment without a PostgreSQL address: the audit reads the server's embedded database. */
const withoutDatabaseUrl = (env: NodeJS.ProcessEnv) => {
  const copy = { ...env };
  delete copy.DATABASE_URL;
  return copy;
};

const SCRIPT: Record<Locale, RegExp | null> = { th: THAI, la: LAO, en: null };
const money = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

interface Person { phone: string; password: string; name: string; bankAccountNo: string }
type Shot = (what: string, p?: Page) => Promise<void>;

/**
 * Registers on the page's /register (a link's invite code already on it) with the OTP from the
 * SMS, logs in with the phone already filled, and accepts the agreement. `atBank` looks at the
 * bank step before it is sent.
 */
async function register(page: Page, locale: Locale, who: Person, shot: Shot, atBank?: () => Promise<void>) {
  const t = LOCALES[locale];
  await chooseLanguage(page, locale);
  await page.getByLabel(t.register.phone).fill(who.phone);
  await page.getByRole('button', { name: t.register.next }).click();
  await page.getByTestId('otp-ref').waitFor();
  await page.getByLabel(t.otp.code).fill(await otpFor(who.phone));
  await shot('otp');
  await page.getByRole('button', { name: t.otp.verify, exact: true }).click();
  await page.getByLabel(t.register.name).fill(who.name);
  await page.getByLabel(t.register.password, { exact: true }).fill(who.password);
  await page.getByLabel(t.register.confirmPassword, { exact: true }).fill(who.password);
  await page.getByRole('button', { name: t.register.next }).click();
  await page.getByLabel(t.register.bank, { exact: true }).selectOption('SCB');
  await page.getByLabel(t.register.firstName).fill(who.name.split(' ')[0]);
  await page.getByLabel(t.register.lastName).fill(who.name.split(' ')[1]);
  await page.getByLabel(t.register.bankAccountNo).fill(who.bankAccountNo);
  await atBank?.();
  await shot('bank');
  await page.getByRole('button', { name: t.register.submit }).click();
  // Issue 31: the deposit limit is offered once the account exists; this walk skips it.
  await page.getByTestId('register-limit-skip').click();
  await page.waitForURL('**/login', { timeout: 15_000 });

  expect(await page.getByLabel(t.login.phone).inputValue()).toBe(who.phone);
  await page.getByLabel(t.login.password, { exact: true }).fill(who.password);
  await page.getByRole('button', { name: t.login.submit, exact: true }).click();
  await page.waitForURL('**/user/home');
  const agreement = page.getByRole('dialog', { name: t.agreement.title });
  await agreement.waitFor({ timeout: 10_000 });
  if (SCRIPT[locale]) expect(await agreement.innerText()).toMatch(SCRIPT[locale]!);
  await agreement.getByRole('button', { name: t.agreement.accept }).click();
  await agreement.waitFor({ state: 'hidden' });
}

/**
 * Deposits `amount` by a QR code made in the home's deposit dialog, paid by the sandbox bank's
 * pay page in another tab (the member's bank app), and waits for the dialog to say it arrived.
 */
async function depositByQr(page: Page, locale: Locale, amount: number, shot: Shot) {
  const t = LOCALES[locale];
  await page.getByTestId('widget-deposit').click();
  const dialog = page.getByRole('dialog', { name: t.deposit.title });
  await dialog.getByTestId('deposit-account').first().waitFor();
  await dialog.getByRole('tab', { name: t.deposit.method.qr }).click();
  await dialog.getByTestId('qr-form').waitFor();
  await dialog.getByLabel(t.qr.amount).fill(String(amount));
  const created = page.waitForResponse((r) => /\/api\/qrcode\/[A-Z]+$/.test(r.url()) && r.request().method() === 'POST');
  await dialog.getByTestId('qr-create').click();
  const answer = (await (await created).json()) as { qrcodeId: string; amount: number };
  await dialog.getByTestId('qr-code').waitFor();
  await shot('qr');

  const bank = await page.context().newPage();
  await bank.goto(`/sandbox/pay/${answer.qrcodeId}`);
  await bank.getByRole('button', { name: /Pay/ }).click();
  await bank.locator('#result').filter({ hasText: 'Paid' }).waitFor();
  await bank.close();

  const received = dialog.getByTestId('qr-received');
  await received.waitFor({ timeout: 15_000 });
  expect(money(await received.getByTestId('qr-received-amount').innerText())).toBe(amount);
  if (SCRIPT[locale]) expect(await received.innerText()).toMatch(SCRIPT[locale]!);
  await shot('qr-received');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

beforeAll(async () => {
  server = await startServer({}, LOG);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const members: Record<string, { phone: string; password: string; name: string }> = {};

describe.each(JOURNEY_LOCALES)('a new member in %s', (locale) => {
  const t = LOCALES[locale];
  const serial = { th: 1, la: 2, en: 3 }[locale];
  const phone = `09${String(Date.now() + serial * 104_729).slice(-8)}`;
  const password = `journey-${locale}-1`;
  const name = { th: 'Somsak Journey', la: 'Khamla Journey', en: 'Nina Journey' }[locale];
  let context: BrowserContext;
  let page: Page;
  let step = 0;
  const shot = async (what: string, p: Page = page) => {
    await fontsReady(p);
    await p.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))).then(() => undefined));
    await screenshot(p, `journey-${locale}-${String(++step).padStart(2, '0')}-${what}`);
  };
  const total = async () => money(await page.getByTestId('total-balance').innerText());
  const inScript = async (text: string) => {
    if (SCRIPT[locale]) expect(text).toMatch(SCRIPT[locale]!);
  };

  beforeAll(async () => {
    context = await journeyContext(`member ${locale}`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL });
    page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    members[locale] = { phone, password, name };
  });
  afterAll(async () => {
    await context?.close();
  });

  it('registers with the OTP from the SMS, logs in with the phone already filled, and accepts the agreement', async () => {
    await page.goto('/register');
    await register(page, locale, { phone, password, name, bankAccountNo: `7${serial}${phone.slice(-8)}` }, shot);
    expect(await total()).toBe(0);
    await shot('home');
  });

  it('deposits 1,000 by a QR code made in the deposit dialog and paid by the bank', async () => {
    await depositByQr(page, locale, 1000, shot);
    await expect.poll(total).toBe(1000);
  });

  it('deposits 200 more by uploading the bank slip', async () => {
    const slip = await fetch(new URL('/api/sandbox/slips', server.baseURL), { method: 'POST', headers: CLIENT, body: JSON.stringify({ amount: 200 }) });
    expect(slip.status).toBe(200);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'journey-slip-')), 'slip.png');
    fs.writeFileSync(file, Buffer.from(await slip.arrayBuffer()));

    await page.getByTestId('widget-deposit').click();
    const dialog = page.getByRole('dialog', { name: t.deposit.title });
    await dialog.getByTestId('deposit-account').first().waitFor();
    await dialog.getByRole('tab', { name: t.deposit.method.slip }).click();
    const panel = dialog.getByTestId('slip-upload');
    await panel.waitFor();
    if ((await panel.getByTestId('slip-closed').count()) > 0) {
      // 23:50-00:10 (UTC+7) uploads are closed every day: the member is told, and nothing can be sent.
      expect(await dialog.getByTestId('slip-submit').isDisabled()).toBe(true);
      console.log(`journey ${locale}: slip uploads are closed at this hour; the slip deposit was not made`);
    } else {
      await panel.getByTestId('slip-file').setInputFiles(file);
      await dialog.getByTestId('slip-submit').click();
      const result = panel.getByTestId('slip-result');
      await result.waitFor({ timeout: 20_000 });
      expect(await result.innerText()).toBe(fill(t.slip.result.success, { amount: '200.00', currency: t.wallet.currency.BAHT }));
      await shot('slip');
      await expect.poll(total).toBe(1200);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('receives a promotion code as the held bonus, with its turnover at 0', async () => {
    await page.getByTestId('widget-bonus').click();
    await page.waitForURL('**/user/bonus');
    await page.getByTestId('promotion-code').fill('songkran');
    // Codes are upper case; the field makes them so as they are typed.
    expect(await page.getByTestId('promotion-code').inputValue()).toBe('SONGKRAN');
    await page.getByTestId('promotion-search').click();
    await page.getByTestId('promotion-found').waitFor();
    await inScript(await page.getByTestId('promotion-found').innerText());
    await page.getByTestId('promotion-receive').click();
    await page.getByRole('alertdialog', { name: t.bonusPage.activated }).getByRole('button', { name: t.common.ok }).click();
    await page.getByTestId('held-bonus').waitFor();
    expect(await page.getByTestId('held-type').innerText()).toBe(t.bonusPage.types.limit);
    expect(Number(await page.getByRole('progressbar').getAttribute('aria-valuenow'))).toBe(0);
    await shot('bonus-held');

    // While the bonus is held no deposit is taken: the dialog says so, instead of listing accounts (issue 27).
    await page.getByTestId('menu-home').click();
    await page.waitForURL('**/user/home');
    await page.getByTestId('widget-deposit').click();
    const deposit = page.getByRole('dialog', { name: t.deposit.title });
    await deposit.getByTestId('deposit-bonus-held').waitFor();
    expect(await deposit.getByTestId('deposit-account').count()).toBe(0);
    await inScript(await deposit.getByTestId('deposit-bonus-held').innerText());
    await shot('deposit-paused');
    await page.keyboard.press('Escape');
    await deposit.waitFor({ state: 'hidden' });
  });

  let gameBalance = 0;
  it('moves the whole wallet into a slot game from the lobby, plays it in its own tab until the turnover is met, and the bonus finishes', async () => {
    await page.getByTestId('menu-home').click();
    await page.waitForURL('**/user/home');
    const inWallet = await total();
    // The lobby's canvas starts as the games near the screen, once the home has painted and the
    // page is idle: scroll to them and wait for its cards, then start from the page's top.
    await showLobby(page);
    await page.getByTestId('game-JOKER').waitFor({ state: 'attached', timeout: 20_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    // The lobby by keyboard, as a screen-reader user reaches it: Tab to the slot row, one card on.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
    for (let i = 0; i < 40 && !(await focused()).startsWith('game-'); i++) await page.keyboard.press('Tab');
    expect(await focused()).toBe('game-JOKER');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('game-PG');
    await page.keyboard.press('Enter');
    const account = page.getByRole('dialog', { name: 'PG Soft' });
    await account.waitFor();
    await account.getByTestId('game-activate').click();
    await account.getByTestId('game-username').waitFor();
    await account.getByTestId('game-transfer-all').click();
    await page.getByTestId('game-transfer-all-confirm').click();
    const moved = page.getByRole('alertdialog', { name: t.gameAccount.transferAllDoneTitle });
    await moved.waitFor({ timeout: 20_000 });
    await moved.getByRole('button', { name: t.common.ok }).click();
    await expect.poll(async () => money(await account.getByTestId('game-account-balance').innerText())).toBe(inWallet);
    await shot('game-account');

    const opened = context.waitForEvent('page');
    await account.getByTestId('game-launch-web').click();
    const game = await opened;
    await game.bringToFront();
    await game.emulateMedia({ reducedMotion: 'reduce' });
    await game.waitForURL(/\/sandbox\/game\/PG\?t=/, { timeout: 20_000 });
    await expect.poll(async () => money(await game.getByTestId('game-balance').innerText()), { timeout: 20_000 }).toBe(inWallet);
    // The game speaks the member's language (the launch link names it).
    await game.getByRole('button', { name: t.game.spin, exact: true }).waitFor();
    await inScript(await game.getByRole('heading', { level: 1 }).innerText());
    await game.getByRole('radio', { name: '50', exact: true }).check();

    // The bonus page stays open in the wallet's tab: the socket moves its bar as the bets arrive.
    await page.bringToFront();
    await page.keyboard.press('Escape');
    await account.waitFor({ state: 'hidden' });
    await page.getByTestId('widget-bonus').click();
    await page.waitForURL('**/user/bonus');
    await page.getByTestId('held-bonus').waitFor();
    const progress = async () => Number(await page.getByRole('progressbar').getAttribute('aria-valuenow'));

    // 500 of turnover (5x the 100 received) at 50 a round: ten rounds.
    const seen: number[] = [];
    for (let round = 1; round <= 10; round++) {
      const before = await game.getByTestId('game-result').innerText();
      await game.getByTestId('spin').click();
      await expect.poll(() => game.getByTestId('game-result').innerText(), { timeout: 15_000 }).not.toBe(before);
      await expect.poll(() => game.getByTestId('spin').getAttribute('aria-disabled'), { timeout: 15_000 }).toBe('false');
      if (round === 4 || round === 8) {
        await expect.poll(progress, { timeout: 15_000 }).toBeGreaterThanOrEqual(round * 10);
        seen.push(await progress());
        if (round === 4) {
          await shot('game', game);
          await shot('bonus-rising');
        }
      }
    }
    expect(seen[1]).toBeGreaterThan(seen[0]);
    gameBalance = money(await game.getByTestId('game-balance').innerText());
    await game.close();

    // Finished: the held bonus leaves the page and the promotion search comes back.
    await page.getByTestId('promotion-code').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('held-bonus').count()).toBe(0);
    await shot('bonus-finished');
  });

  it('moves the game balance back to the wallet', async () => {
    await page.getByTestId('menu-home').click();
    await transferOnHome(page, locale, 'PG', 'wallet', gameBalance.toFixed(2));
    await expect.poll(async () => money(await page.getByTestId('games-amount').innerText())).toBe(0);
    await expect.poll(async () => money(await page.getByTestId('wallet-amount').innerText())).toBeCloseTo(gameBalance, 2);
  });

  it('spins the wheel with the coin the first deposit earned', async () => {
    const widget = page.getByTestId('widget-spin');
    await expect.poll(() => widget.innerText(), { timeout: 15_000 }).toBe(fill(t.home.spinCoins_one, { count: '1' }));
    await widget.click();
    await page.waitForURL('**/user/spin');
    await page.locator('[data-testid="wheel"][data-ready="true"]').waitFor();
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/spinwheel/spin') && r.request().method() === 'POST');
    await page.getByTestId('spin-button').click();
    const { label, prize } = (await (await answered).json()) as { label: string; prize: boolean };
    await page.getByTestId('prize-dialog').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('prize-label').innerText()).toBe(label);
    // Titled a win only when the slice gave a prize.
    await page.getByRole('dialog', { name: prize ? t.spin.prizeTitle : t.spin.noPrizeTitle }).waitFor();
    await shot('spin-prize');
    await page.getByTestId('prize-close').click();
    await page.getByTestId('prize-dialog').waitFor({ state: 'hidden' });
    // A prize with a coupon is claimed into the wallet behind its confirmation.
    const coupon = page.getByTestId('coupon-row').first();
    if ((await coupon.count()) > 0) {
      await coupon.getByRole('button', { name: t.spin.claim }).click();
      await page.getByTestId('claim-confirm').click();
      const claimed = page.getByRole('alertdialog', { name: t.spin.claimedTitle });
      await claimed.waitFor();
      await claimed.getByRole('button', { name: t.common.ok }).click();
      await page.getByTestId('coupons-empty').waitFor();
    }
  });

  it('writes to support from the contact page', async () => {
    await page.getByTestId('menu-contact').click();
    await page.waitForURL('**/user/contact');
    await page.getByTestId('chat-launcher').click();
    await page.getByTestId('chat-panel').waitFor();
    await page.getByPlaceholder(t.chat.placeholder).fill(`Hello from the ${locale} journey`);
    await page.getByTestId('chat-send').click();
    await page.getByTestId('chat-delivered').first().waitFor();
    await shot('chat');
  });

  it('withdraws 100 to the bank account, and the statement shows the whole journey', async () => {
    await page.getByTestId('menu-home').click();
    const before = money(await page.getByTestId('wallet-amount').innerText());
    await page.getByTestId('widget-withdraw').click();
    const dialog = page.getByRole('dialog', { name: t.withdraw.title });
    await dialog.getByLabel(t.withdraw.amount).fill('100');
    await page.getByTestId('withdraw-submit').click();
    const done = page.getByRole('alertdialog', { name: t.withdraw.doneTitle });
    await done.waitFor();
    await shot('withdrawn');
    await done.getByRole('button', { name: t.common.ok }).click();
    await expect.poll(async () => money(await page.getByTestId('wallet-amount').innerText())).toBeCloseTo(before - 100, 2);

    await page.getByTestId('menu-statement').click();
    await page.waitForURL('**/user/statement');
    const rows = page.getByTestId('statement-row');
    await rows.first().waitFor();
    const types = await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-type')));
    expect(types[0]).toBe('withdraw');
    expect(types).toEqual(expect.arrayContaining(['deposit', 'bonus', 'finish_bonus', 'transfer', 'withdraw']));
    await inScript(await page.locator('main').innerText());
    await shot('statement');
  });
});

// The member of the first journey language invites (Thai when all three run).
const HOST: Locale = JOURNEY_LOCALES[0];
describe(`a friend invited by the ${HOST} member`, () => {
  const t = LOCALES[HOST];
  const friend: Person = { phone: `09${String(Date.now() + 4 * 104_729).slice(-8)}`, password: 'journey-friend-1', name: 'Malee Friend', bankAccountNo: '' };
  friend.bankAccountNo = `74${friend.phone.slice(-8)}`;
  let referrer: BrowserContext;
  let member: Page;
  let invite = '';
  let step = 0;
  const shot: Shot = async (what, p = member) => {
    await fontsReady(p);
    await screenshot(p, `journey-invite-${String(++step).padStart(2, '0')}-${what}`);
  };

  beforeAll(async () => {
    referrer = await journeyContext(`member ${HOST}, inviting`);
    member = await referrer.newPage();
    await member.emulateMedia({ reducedMotion: 'reduce' });
  });
  afterAll(async () => {
    await referrer?.close();
  });

  it('registers from the link on the member\'s home, with the invite code fixed on the bank step, and deposits 1,000', async () => {
    await logIn(member, members[HOST], HOST);
    invite = await member.getByTestId('invite-link').innerText();
    expect(invite).toMatch(/\/register\?code=PR[\w-]+$/);
    const code = new URL(invite).searchParams.get('code')!;

    const context = await journeyContext(`friend ${HOST}`);
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(invite);
    await register(page, HOST, friend, (what, p) => shot(`friend-${what}`, p ?? page), async () => {
      const field = page.getByLabel(t.register.inviteCode);
      expect(await field.inputValue()).toBe(code);
      expect(await field.getAttribute('readonly')).not.toBeNull();
      await page.getByText(t.register.inviteLocked).waitFor();
    });
    await depositByQr(page, HOST, 1000, (what, p) => shot(`friend-${what}`, p ?? page));
    await expect.poll(async () => money(await page.getByTestId('total-balance').innerText())).toBe(1000);

    // An invite pays on a friend's deposit once it is played through (issue 25: deposits withdrawn
    // unplayed farmed the referrer's bonus): the friend bets the 1,000 in the demo game, 20 spins of 50.
    const token = await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'));
    const auth = { authorization: `Bearer ${token}` };
    expect((await call('GET', '/api/wallet/activate/PG', undefined, auth)).status).toBe(200);
    expect((await call('POST', '/api/wallet/transferAll', { to: 'PG' }, { ...auth, 'idempotency-key': randomUUID() })).status).toBe(200);
    const wallet = await call<{ slots: { code: string; web: string | null }[] }>('GET', '/api/wallet', undefined, auth);
    const launch = new URL(wallet.body.slots.find((s) => s.code === 'PG')!.web!, server.baseURL).searchParams.get('t')!;
    for (let spin = 0; spin < 20; spin++) expect((await call('POST', '/api/sandbox/game/spin', { t: launch, stake: 50 })).status).toBe(200);
    await context.close();
  });

  it('earns the member 10% of the first deposit, which they receive into the wallet', async () => {
    await member.reload();
    const amount = member.getByTestId('referral-amount');
    await expect.poll(async () => money(await amount.innerText()), { timeout: 15_000 }).toBe(100);
    const before = money(await member.getByTestId('wallet-amount').innerText());

    await member.getByTestId('widget-invite').click();
    // SPEC section 2: the operator's banners come first, and lead on to the invite list.
    await member.getByTestId('banner-next').click();
    const modal = member.getByRole('dialog', { name: t.promotionsHome.invite.title });
    await modal.getByTestId('invite-modal').getByText(friend.name).waitFor();
    await shot('earned');
    // The dialog's waiting amount is the home's (issue 27: the home said 0.00 while the list said 20.00).
    expect(money(await modal.getByTestId('invite-waiting').innerText())).toBe(100);
    await modal.getByRole('button', { name: t.promotionsHome.invite.receive }).click();
    // One primary action, naming the amount; the other one cancels and says so.
    const confirmation = member.getByRole('alertdialog', { name: t.promotionsHome.invite.confirmTitle });
    await confirmation.waitFor();
    expect(await confirmation.locator('.btn--gold').count()).toBe(1);
    expect(money(await confirmation.getByTestId('claim-confirm').innerText())).toBe(100);
    await member.getByTestId('claim-confirm').click();
    await member.locator('.toast').filter({ hasText: fill(t.promotionsHome.invite.received, { amount: '100.00' }) }).waitFor();
    await shot('received');
    await member.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(async () => money(await member.getByTestId('wallet-amount').innerText())).toBeCloseTo(before + 100, 2);
    await expect.poll(async () => money(await amount.innerText())).toBe(0);

    await member.getByTestId('menu-statement').click();
    await member.waitForURL('**/user/statement');
    const top = member.getByTestId('statement-row').first();
    await top.waitFor();
    expect(await top.getAttribute('data-type')).toBe('bonus');
  });
});

describe('an operator', () => {
  let context: BrowserContext;
  let console_: Page;
  let secret = '';
  let bigWinner: Record<string, string>;
  const a = LOCALES.en.admin;

  beforeAll(async () => {
    context = await journeyContext('operator');
    console_ = await context.newPage();
    await console_.setViewportSize({ width: 1280, height: 900 });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('signs in to the back office with the password from the first start, enrolling an authenticator', async () => {
    await console_.goto('/admin');
    await console_.waitForURL('**/admin/login');
    await chooseLanguage(console_, 'en');
    await console_.getByLabel(a.login.username).fill('admin');
    await console_.getByLabel(a.login.password).fill(seedPassword(LOG));
    await console_.getByRole('button', { name: a.login.next }).click();
    await console_.getByRole('img', { name: a.login.qrAlt }).waitFor();
    secret = await console_.getByTestId('totp-secret').innerText();
    await console_.getByLabel(a.login.code).fill(codeFor(secret));
    await console_.getByRole('button', { name: a.login.submit }).click();
    await console_.getByTestId('operator-name').waitFor();
    await console_.waitForURL('**/admin/dashboard');
  });

  // The member of the last journey language wrote (Lao when all three run).
  const writer: Locale = JOURNEY_LOCALES[JOURNEY_LOCALES.length - 1];
  it(`answers the ${writer} member's message from the support chat page, and the member reads it`, async () => {
    const member = members[writer];
    const memberContext = await journeyContext(`member ${writer}, reading the answer`);
    const memberPage = await memberContext.newPage();
    await logIn(memberPage, member, writer);
    await memberPage.getByTestId('menu-contact').click();
    // The panel closes when the page changes: open it once the contact page is the one shown.
    await memberPage.locator('.contact__text').waitFor();
    await memberPage.getByTestId('chat-launcher').click();
    await memberPage.getByTestId('chat-panel').waitFor();

    await console_.goto('/admin/chat');
    const conversation = console_.getByTestId('chat-conversation').filter({ hasText: `Hello from the ${writer} journey` });
    await conversation.click();
    const thread = console_.getByTestId('chat-thread');
    await thread.getByTestId('chat-thread-message').filter({ hasText: `Hello from the ${writer} journey` }).waitFor();
    await thread.getByLabel(a.chat.answer).fill('ສະບາຍດີ, we are here to help');
    await thread.getByRole('button', { name: a.chat.send }).click();
    await thread.getByTestId('chat-thread-message').filter({ hasText: 'we are here to help' }).waitFor();
    await fontsReady(console_);
    await screenshot(console_, 'journey-operator-01-chat');

    await memberPage.locator('[data-testid="chat-message"][data-sender="site"]', { hasText: 'we are here to help' }).waitFor({ timeout: 10_000 });
    await fontsReady(memberPage);
    await screenshot(memberPage, `journey-${writer}-99-chat-answered`);

    // The chat page is live (its socket is in the console room): the member's next message shows
    // in the open thread and the list without a reload.
    await expect.poll(() => console_.getByTestId('chat-live').getAttribute('data-live')).toBe('true');
    expect(await console_.getByTestId('chat-live').innerText()).toBe(a.chat.live);
    await memberPage.getByPlaceholder(LOCALES[writer].chat.placeholder).fill('ຂອບໃຈ, thank you');
    await memberPage.getByTestId('chat-send').click();
    await thread.getByTestId('chat-thread-message').filter({ hasText: 'thank you' }).waitFor();
    await console_.getByTestId('chat-conversation').filter({ hasText: 'thank you' }).waitFor();
    await memberContext.close();
  });

  it('approves a withdrawal above the automatic limit, and the member sees it paid', async () => {
    // A member with a large deposit, made through the API: the operator's part is what is walked here.
    const phone = `09${String(Date.now() + 7).slice(-8)}`;
    const sent = await call<{ otpToken: string }>('POST', '/api/otp/send', { phoneNumber: phone });
    expect((await call('POST', '/api/otp/verify', { otpToken: sent.body.otpToken, otpCode: await otpFor(phone) })).status).toBe(200);
    const created = await call('POST', '/api/account', {
      name: 'Big Winner', username: phone, password: 'winner-pass-1', bankCode: 'SCB',
      bankAccountName: 'BIG WINNER', bankAccountNo: `88${phone.slice(-8)}`, otpToken: sent.body.otpToken,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const login = await call<{ token: string }>('POST', '/api/login', { username: phone, password: 'winner-pass-1' });
    bigWinner = { authorization: `Bearer ${login.body.token}` };
    expect((await call('POST', '/api/sandbox/wallet/fund', { amount: 8_000 }, { ...bigWinner, 'idempotency-key': `fund-${phone}` })).status).toBe(200);
    expect((await call('POST', '/api/wallet/withdraw', { amount: 6_000 }, { ...bigWinner, 'idempotency-key': `wd-${phone}` })).status).toBe(200);

    await console_.goto('/admin/withdrawals');
    const card = console_.getByTestId('withdrawal').filter({ hasText: 'Big Winner' });
    await card.waitFor();
    await fontsReady(console_);
    await screenshot(console_, 'journey-operator-02-withdrawals');
    await card.getByRole('button', { name: a.approve }).click();
    await console_.getByTestId('withdrawal-review-confirm').click();
    await console_.getByRole('status').filter({ hasText: a.withdrawals.approved }).waitFor();
    await expect.poll(() => card.count()).toBe(0);

    const statement = await call<{ statements: { statementType: string; status: string; amount: number }[] }>('POST', '/api/statement', { page: 1, limit: 5 }, bigWinner);
    expect(statement.body.statements[0]).toMatchObject({ statementType: 'withdraw', status: 'SUCCESS' });
  });

  it('finds the answer and the approval in the audit log', async () => {
    await console_.getByRole('link', { name: a.nav.audit, exact: true }).click();
    await console_.getByTestId('audit-line').first().waitFor();
    const actions = await console_.getByTestId('audit-action').allInnerTexts();
    for (const action of ['operator.enrol', 'chat.reply', 'withdrawal.approve']) expect(actions, action).toContain(action);
    await fontsReady(console_);
    await screenshot(console_, 'journey-operator-03-audit');
  });
});

describe('after the journeys', () => {
  it('saw no console error, page error, failed request or 5xx on any page', () => {
    expect(problems).toEqual([]);
  });

  it('leaves a clean ledger: `npm run ledger:audit -- --full` on the server\'s data', async () => {
    await server.stop({ keepData: true });
    const output = await new Promise<{ code: number | null; text: string }>((resolve, reject) => {
      const child = spawn('npx', ['tsx', 'src/server/ledger/audit-cli.ts', '--full'], {
        cwd: ROOT,
        env: { ...withoutDatabaseUrl(process.env), DATA_DIR: server.dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.stderr.on('data', (chunk) => (text += chunk));
      child.on('error', reject);
      child.on('exit', (code) => resolve({ code, text }));
    });
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    console.log(output.text.trim());
    expect(output.text).toContain('ledger audit: clean');
    expect(output.code).toBe(0);
  });
});
