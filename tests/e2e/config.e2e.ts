import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WheelConfig } from '../../src/contract';
import en from '../../locales/en.json';
import th from '../../locales/th.json';
import { SHARED_LOG, fontsReady, launchChromium, pageMaker, screenshot } from './harness';
import { seedPassword, signInConsole } from './operators';
import { api, fill, openAsMember, registerMember } from './support';

/**
 * Issue 29: operators configure the product in the console, as a new operator would. The
 * sandbox's admin works in Thai, the sandbox's checker (another operator made outside the
 * console, so an independent one) approves in English, and a member sees each change without
 * a restart.
 */

let browser: Browser;
let member: Awaited<ReturnType<typeof registerMember>>;

const pages = pageMaker(() => browser);
const desktop = pages.laptop;
const phone = pages.phone;

beforeAll(async () => {
  browser = await launchChromium();
  member = await registerMember({ name: 'Somchai Config', accountPrefix: '62' });
});
afterAll(async () => {
  await pages.close();
  await browser?.close();
});

const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('configuration by operators', () => {
  let admin: Page;
  let checker: Page;

  beforeAll(async () => {
    admin = await desktop();
    await signInConsole(admin, 'admin', seedPassword(), th, 'th');
    checker = await phone();
    await signInConsole(checker, 'checker', seedPassword(SHARED_LOG, 'checker'), en, 'en');
  });

  it("lowers the baht withdraw limit in Thai; it waits for the checker's approval in English, then the member's withdraw dialog shows it", async () => {
    const before = (await api<{ withdrawMax: number }>('GET', '/api/lookup/withdraw', undefined, member.auth)).body.withdrawMax;
    const lowered = before - 5_000;

    await admin.getByRole('link', { name: th.admin.nav.config, exact: true }).click();
    await admin.getByTestId('config-nav-money').click();
    const form = admin.getByTestId('config-money-form');
    await form.waitFor();
    expect(await admin.getByTestId('config-effect').innerText()).toBe(th.admin.config.needsApproval);
    await form.getByLabel(th.admin.config.money.withdrawMax, { exact: true }).fill(String(lowered));
    await admin.getByTestId('config-save').click();
    await admin.getByRole('status').filter({ hasText: th.admin.config.proposed }).first().waitFor();
    const waiting = admin.getByTestId('config-change').filter({ hasText: 'BAHT' });
    await waiting.first().waitFor();
    await fontsReady(admin);
    await screenshot(admin, 'config-money-th-desktop', true);
    // Not yet: the member's bound is the old one until another operator approves.
    expect((await api<{ withdrawMax: number }>('GET', '/api/lookup/withdraw', undefined, member.auth)).body.withdrawMax).toBe(before);

    await checker.getByRole('link', { name: en.admin.nav.config, exact: true }).click();
    await checker.getByTestId('config-nav-approvals').click();
    const change = checker.getByTestId('config-change').filter({ hasText: 'withdrawMax' }).first();
    await change.waitFor();
    expect(await change.getByTestId('change-diff').innerText()).toContain(String(lowered));
    await fontsReady(checker);
    await screenshot(checker, 'config-approvals-en-phone', true);
    await change.getByTestId('config-approve').click();
    await checker.getByRole('status').filter({ hasText: en.admin.config.approvedToast }).first().waitFor();

    const memberPage = await phone();
    await openAsMember(memberPage, member.auth.authorization.slice('Bearer '.length), 'th', '/user/home');
    await memberPage.getByTestId('widget-withdraw').click();
    const dialog = memberPage.getByRole('dialog', { name: th.withdraw.title });
    await dialog.getByText(fill(th.withdraw.limits, { min: money(100), max: money(lowered), currency: th.wallet.currency.BAHT })).waitFor();
    await fontsReady(memberPage);
    await screenshot(memberPage, 'config-member-withdraw-th');
  });

  it("adds a slice to the wheel in Thai; once the checker approves, the member's wheel has it", async () => {
    const tokenOf = async (p: Page) => ({ authorization: `Bearer ${await p.evaluate(() => sessionStorage.getItem('operatorToken'))}` });
    const [adminAuth, checkerAuth] = [await tokenOf(admin), await tokenOf(checker)];
    const original = (await api<{ items: { value: WheelConfig }[] }>('GET', '/api/admin/config/wheel', undefined, adminAuth)).body.items[0]!.value;
    const memberSlices = async () => (await api<{ activeSpinwheel: { slices: { label: string }[] } }>('GET', '/api/spinwheel/setup', undefined, { ...member.auth, 'accept-language': 'th' })).body.activeSpinwheel.slices;
    expect(await memberSlices()).toHaveLength(original.slices.length);

    const w = th.admin.config.wheel;
    await admin.getByTestId('config-nav-wheel').click();
    await admin.getByTestId('config-wheel-form').waitFor();
    await admin.getByRole('button', { name: w.add }).click();
    const editor = admin.getByTestId('wheel-slice-editor');
    await editor.waitFor();
    const label = editor.getByRole('group', { name: w.label });
    await label.getByLabel('ไทย').fill('โชคดี {amount}');
    await label.getByLabel('ລາວ').fill('ໂຊກດີ {amount}');
    await label.getByLabel('English').fill('Lucky {amount}');
    await editor.getByLabel(w.prizeKind).selectOption('credit');
    const amount = editor.getByRole('group', { name: w.prizeAmount });
    await amount.getByLabel(th.admin.config.currency.BAHT).fill('25');
    await amount.getByLabel(th.admin.config.currency.LAK).fill('15000');
    await admin.getByTestId('config-effect').filter({ hasText: th.admin.config.needsApproval }).waitFor();
    await admin.getByTestId('config-save').click();
    await admin.getByRole('status').filter({ hasText: th.admin.config.proposed }).first().waitFor();
    expect(await memberSlices()).toHaveLength(original.slices.length);

    await checker.getByTestId('config-nav-approvals').click();
    const change = checker.getByTestId('config-change').filter({ hasText: en.admin.config.sections.wheel }).first();
    await change.waitFor();
    await change.getByTestId('config-approve').click();
    await checker.getByRole('status').filter({ hasText: en.admin.config.approvedToast }).first().waitFor();

    const slices = await memberSlices();
    expect(slices).toHaveLength(original.slices.length + 1);
    expect(slices.map((s) => s.label)).toContain('โชคดี 25.00');
    const memberPage = await phone();
    await openAsMember(memberPage, member.auth.authorization.slice('Bearer '.length), 'th', '/user/spin');
    await memberPage.getByTestId('spin-coins').waitFor();
    await fontsReady(memberPage);
    await screenshot(memberPage, 'config-member-wheel-th');

    // The seeded wheel back as it was, through the same approval (other files in this group spin it).
    const back = await api<{ id: string }>('PUT', '/api/admin/config/wheel/active', { value: original }, adminAuth);
    expect((await api<{ status: string }>('POST', `/api/admin/config-changes/${back.body.id}/approve`, {}, checkerAuth)).body.status).toBe('applied');
  });

  it('shows every configuration page at a laptop width in Thai and at a phone width in English', async () => {
    for (const [p, name, strings] of [[admin, 'th-desktop', th], [checker, 'en-phone', en]] as const) {
      await p.goto('/admin/config');
      const links = p.locator('[data-testid^="config-nav-"]');
      await links.first().waitFor();
      const ids = await links.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('config-nav-'.length)));
      expect(ids.length).toBeGreaterThan(5);
      for (const id of ids) {
        await p.getByTestId(`config-nav-${id}`).click();
        await p.waitForURL(`**/admin/config/${id}`);
        // The address changes before the page is drawn (a transition): wait for the link to say it is the page shown.
        await expect.poll(() => p.getByTestId(`config-nav-${id}`).getAttribute('aria-current'), { message: id }).toBe('page');
        await p.locator('.config-section h2').first().waitFor();
        expect(await p.getByTestId(`config-nav-${id}`).innerText()).toContain(
          id === 'approvals' ? strings.admin.config.approvals : strings.admin.config.sections[id as keyof typeof strings.admin.config.sections]);
        await expect.poll(() => p.locator('[role="status"].admin-note').count()).toBe(0);
        // Previews ask the server once typing settles: the page is shown as it ends up.
        await p.waitForLoadState('networkidle');
        await fontsReady(p);
        await screenshot(p, `config-page-${id}-${name}`, name.endsWith('desktop'));
      }
    }
  });
});
