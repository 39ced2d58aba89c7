import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, fontsReady, launchChromium, phoneContext, screenshot } from './harness';
import { operatorWithRole, seedPassword, signInConsole } from './operators';
import { LOCALES, api, chooseLanguage, fill, logIn, registerMember, showLobby, type Locale } from './support';

/**
 * A provider the operators switch off, as a member on a phone sees it: a game with none of the
 * member's money leaves the lobby; one holding money stays, greyed and marked closed, and its
 * dialog offers only moving the money back to the wallet, which the member does.
 */

let browser: Browser;
let admin: Record<string, string>;
let member: Awaited<ReturnType<typeof registerMember>>;

const setOpen = async (code: string, open: boolean) => {
  const r = await api<{ status: string }>('PUT', `/api/admin/config/providers/${code}`, { value: { open } }, admin);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.status).toBe('applied');
};
const lobbyReady = showLobby;

beforeAll(async () => {
  browser = await launchChromium();
  admin = await operatorWithRole('admin', `providers${Date.now() % 100_000}`);
  member = await registerMember({ name: 'Closed Game Tester', phonePrefix: '09', accountPrefix: '43' });
  const key = (what: string) => ({ ...member.auth, 'idempotency-key': `${what}-${member.phone}` });
  expect((await api('POST', '/api/sandbox/wallet/fund', { amount: 1000 }, key('fund'))).status).toBe(200);
  for (const code of ['HUAYHD', 'SEXYGAME']) expect((await api('GET', `/api/wallet/activate/${code}`, undefined, member.auth)).status).toBe(200);
  const moved = await api('POST', '/api/wallet/transfer', { from: 'wallet', to: 'HUAYHD', amount: 100 }, key('in'));
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  await setOpen('HUAYHD', false);
  await setOpen('SEXYGAME', false);
});
afterAll(async () => {
  if (admin) {
    await setOpen('HUAYHD', true);
    await setOpen('SEXYGAME', true);
  }
  await browser?.close();
});

describe('a closed game provider on the member side', () => {
  for (const locale of ['th', 'la', 'en'] as Locale[]) {
    const t = LOCALES[locale];
    const last = locale === 'en';
    it(`shows the closed card and its way back to the wallet at 390 px (${locale})`, async () => {
      const context: BrowserContext = await phoneContext(browser);
      const page = await context.newPage();
      try {
        await logIn(page, member, locale);
        await lobbyReady(page);
        // No money at SEXYGAME: gone. Money at HUAYHD: kept, marked closed.
        expect(await page.getByTestId('game-SEXYGAME').count()).toBe(0);
        const card = page.getByTestId('game-HUAYHD');
        expect(await card.getAttribute('data-closed')).toBe('true');
        expect(await card.getAttribute('aria-label')).toBe(fill(t.lobby.cardClosed, {
          name: 'Huay HD', kind: t.lobby.kind.lotto, amount: '100.00', currency: t.wallet.currency.BAHT,
        }));
        await fontsReady(page);
        await page.getByTestId('carousel-lotto').evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await screenshot(page, `providers-closed-card-${locale}`);

        // The track takes the pointer (the carousel's drag); the card's button opens by keyboard alike.
        await card.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: 'Huay HD' });
        await dialog.getByTestId('game-closed-notice').waitFor();
        expect(await dialog.getByTestId('game-closed-notice').innerText()).toBe(fill(t.gameAccount.closedText, { name: 'Huay HD' }));
        // Nothing to play or to move in: no login, no launch, no transfer into it.
        for (const id of ['game-username', 'game-launch-web', 'game-transfer-only', 'game-transfer-all', 'game-activate']) {
          expect(await dialog.getByTestId(id).count(), id).toBe(0);
        }
        const out = dialog.getByTestId('game-move-out');
        expect((await out.boundingBox())!.height).toBeGreaterThanOrEqual(44);
        await fontsReady(page);
        await screenshot(page, `providers-closed-dialog-${locale}`);

        await out.click();
        const transfer = page.getByRole('dialog', { name: t.transfer.title });
        await transfer.waitFor();
        expect(await transfer.getByLabel(t.transfer.from).inputValue()).toBe('HUAYHD');
        expect(await transfer.getByLabel(t.transfer.to).inputValue()).toBe('wallet');
        expect(await transfer.getByLabel(t.transfer.amount).inputValue()).toBe('100');
        // The closed game is a source only: not offered as a destination.
        expect(await transfer.getByLabel(t.transfer.to).locator('option[value="HUAYHD"]').count()).toBe(0);
        await screenshot(page, `providers-closed-transfer-${locale}`);
        if (!last) return;

        await page.getByTestId('transfer-submit').click();
        const done = page.getByRole('alertdialog', { name: t.transfer.doneTitle });
        await done.waitFor({ timeout: 20_000 });
        await done.getByRole('button', { name: t.common.ok }).click();
        // Emptied, the closed game leaves the lobby; the money is in the wallet.
        await expect.poll(() => page.getByTestId('game-HUAYHD').count(), { timeout: 15_000 }).toBe(0);
        await expect.poll(() => page.getByTestId('wallet-amount').innerText()).toBe('1,000.00');
        expect(await page.getByRole('dialog', { name: 'Huay HD' }).count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }
});

describe('the console pages of game providers and receiving accounts', () => {
  const { th, la } = LOCALES;
  let context: BrowserContext;
  let page: Page;
  const slotCodes = async () => (await api<{ slots: { code: string }[] }>('GET', '/api/wallet', undefined, member.auth)).body.slots.map((s) => s.code);

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'th-TH', baseURL: baseURL() });
    page = await context.newPage();
    await signInConsole(page, 'admin', seedPassword(), th, 'th');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('switches a provider off and on in Thai, at desktop width; members follow at once', async () => {
    await page.getByRole('link', { name: th.admin.nav.config, exact: true }).click();
    await page.getByTestId('config-nav-providers').click();
    await page.waitForURL('**/admin/config/providers');
    const joker = page.getByTestId('config-provider-JOKER');
    await joker.waitFor();
    expect(await page.getByTestId('config-provider-HUAYHD').getAttribute('data-open')).toBe('false');
    // Closed, and emptied by its one holder above.
    expect(await page.getByTestId('config-provider-HUAYHD-holders').innerText()).toBe(fill(th.admin.config.providers.holders_other, { count: '0' }));
    await fontsReady(page);
    await screenshot(page, 'config-providers-th-desktop', true);

    expect(await slotCodes()).toContain('JOKER');
    await joker.getByRole('switch').click();
    await page.getByTestId('config-provider-close').click();
    await expect.poll(() => joker.getAttribute('data-open')).toBe('false');
    await expect.poll(slotCodes, { timeout: 3_000 }).not.toContain('JOKER');
    await joker.getByRole('switch').click();
    await expect.poll(() => joker.getAttribute('data-open')).toBe('true');
    await expect.poll(slotCodes, { timeout: 3_000 }).toContain('JOKER');
  });

  it('proposes a new receiving account in Thai; it waits for another operator', async () => {
    await page.getByTestId('config-nav-receiving').click();
    await page.waitForURL('**/admin/config/receiving');
    const form = page.getByTestId('config-receiving-form');
    await form.waitFor();
    expect(await page.getByTestId('config-effect').innerText()).toBe(th.admin.config.needsApproval);
    await page.getByTestId('config-receiving-add-bank').click();
    const added = form.getByTestId('config-receiving-bank').last();
    await added.getByLabel(th.admin.config.receiving.bankCode, { exact: true }).fill('bbl');
    await added.getByLabel(th.admin.config.receiving.bankAccountName, { exact: true }).fill('NEW RECEIVER CO');
    await added.getByLabel(th.admin.config.receiving.bankAccountNo, { exact: true }).fill('987-654-3210');
    expect(await added.getByLabel(th.admin.config.receiving.bankAccountNo, { exact: true }).inputValue()).toBe('9876543210');
    await page.getByTestId('config-save').click();
    await page.getByRole('status').filter({ hasText: th.admin.config.proposed }).waitFor();
    const waiting = page.getByTestId('config-change').filter({ hasText: '9876543210' });
    await waiting.first().waitFor();
    // Members still deposit to the accounts of before.
    const lookup = await api<{ banks: { bankAccountNo: string }[] }>('GET', '/api/lookup/deposit', undefined, member.auth);
    expect(lookup.body.banks.map((b) => b.bankAccountNo)).not.toContain('9876543210');
    await fontsReady(page);
    await screenshot(page, 'config-receiving-th-desktop', true);
  });

  it('shows both pages at 390 px in Lao', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await chooseLanguage(page, 'la');
    await page.getByTestId('config-receiving-form').waitFor();
    await page.getByRole('heading', { name: la.admin.config.sections.receiving, exact: true }).waitFor();
    await fontsReady(page);
    await screenshot(page, 'config-receiving-la-phone', true);
    await page.getByTestId('config-nav-providers').click();
    await page.getByTestId('config-provider-JOKER').waitFor();
    const row = (await page.getByTestId('config-provider-JOKER').boundingBox())!;
    expect(row.height).toBeGreaterThanOrEqual(44);
    expect(row.x + row.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'config-providers-la-phone', true);

    // The proposal is turned down by another operator: nothing changed.
    const pending = await api<{ items: { id: string; section: string; target: string }[] }>('GET', '/api/admin/config-changes?status=pending&page=1', undefined, admin);
    for (const c of pending.body.items.filter((i) => i.section === 'receiving')) {
      expect((await api('POST', `/api/admin/config-changes/${c.id}/reject`, { note: 'e2e' }, admin)).status).toBe(200);
    }
  });
});
