import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WheelConfig } from '../../src/contract';
import { fontsReady, launchChromium, phoneContext, screenshot } from './harness';
import { operatorWithRole } from './operators';
import { api, LOCALES, registerMember, type Locale } from './support';

/**
 * The spin wheel's configuration page as an operator uses it, at a laptop's and a phone's width:
 * the slice table with weights and chances, a slice's editor, the preview; an admin adds a slice
 * and changes a weight (it waits for a second operator, and is withdrawn here: the sandbox's
 * independent checker belongs to the back-office journey), then changes a label, which a member's
 * wheel shows at once. The wheel is put back as it was at the end (other files spin the seeded wheel).
 */

let browser: Browser;
let admin: Record<string, string>;
let finance: Record<string, string>;
let original: WheelConfig;
const contexts: BrowserContext[] = [];

const wheelValue = async () =>
  (await api<{ items: { target: string; value: WheelConfig }[] }>('GET', '/api/admin/config/wheel', undefined, admin)).body.items[0].value;

/** Opens a console page as the operator of `headers`, in a language, at a width. */
async function openConsole(headers: Record<string, string>, locale: Locale, width: number, pathname: string): Promise<Page> {
  const context = await phoneContext(browser, { width, height: width > 500 ? 900 : 844, deviceScaleFactor: 1 });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/favicon.svg');
  const token = headers.authorization.replace('Bearer ', '');
  await page.evaluate(([t, l]) => { sessionStorage.setItem('operatorToken', t); localStorage.setItem('locale', l); }, [token, locale]);
  await page.goto(pathname);
  await page.getByTestId('config-wheel-form').waitFor();
  await fontsReady(page);
  return page;
}

beforeAll(async () => {
  browser = await launchChromium();
  admin = await operatorWithRole('admin', `wheel.admin.${Date.now() % 100_000}`);
  finance = await operatorWithRole('finance', `wheel.finance.${Date.now() % 100_000}`);
  original = await wheelValue();
});
afterAll(async () => {
  // Texts only by now (the money change was withdrawn): putting the wheel back applies at once.
  if (original && JSON.stringify(await wheelValue()) !== JSON.stringify(original)) {
    const back = await api<{ id: string; status: string }>('PUT', '/api/admin/config/wheel/active', { value: original }, admin);
    if (back.body.status === 'pending') await api('POST', `/api/admin/config-changes/${back.body.id}/reject`, { note: 'e2e' }, admin);
  }
  for (const c of contexts) await c.close();
  await browser?.close();
});

describe('the spin wheel configuration page', () => {
  it('shows the slices with their colours, labels, weights and chances, and the wheel as members see it (th, laptop)', async () => {
    const th = LOCALES.th.admin.config.wheel;
    const page = await openConsole(admin, 'th', 1280, '/admin/config/wheel');
    const rows = page.getByTestId('wheel-slice');
    expect(await rows.count()).toBe(original.slices.length);
    const total = original.slices.reduce((s, x) => s + x.weight, 0);
    expect(await page.getByTestId('wheel-chance').first().innerText()).toBe(`${Number(((original.slices[0].weight / total) * 100).toFixed(1))} %`);
    expect(await page.getByTestId('wheel-total').innerText()).toContain(String(total));
    expect(await page.getByTestId('wheel-preview').locator('path').count()).toBeGreaterThanOrEqual(original.slices.length);
    await screenshot(page, 'config-wheel-th-desktop', true);

    await rows.first().getByRole('button', { name: th.edit }).click();
    const editor = page.getByTestId('wheel-slice-editor');
    await editor.waitFor();
    await editor.scrollIntoViewIfNeeded();
    await screenshot(page, 'config-wheel-th-desktop-editor');
  });

  it('adds a slice and changes a weight, which waits for a second operator; a label applies at once to the member wheel (en, phone)', async () => {
    const en = LOCALES.en.admin.config;
    const page = await openConsole(admin, 'en', 390, '/admin/config/wheel');
    const first = page.getByTestId('wheel-slice').first();
    await first.getByLabel(en.wheel.weightOf.replace('{{code}}', original.slices[0].code)).fill('40');
    await page.getByRole('button', { name: en.wheel.add }).click();
    const editor = page.getByTestId('wheel-slice-editor');
    await editor.waitFor();
    const label = editor.getByRole('group', { name: en.wheel.label });
    await label.getByLabel('ไทย').fill('โชคดี {amount}');
    await label.getByLabel('ລາວ').fill('ໂຊກດີ {amount}');
    await label.getByLabel('English').fill('Lucky {amount}');
    await editor.getByLabel(en.wheel.prizeKind).selectOption('credit');
    const amount = editor.getByRole('group', { name: en.wheel.prizeAmount });
    await amount.getByLabel(en.currency.BAHT).fill('25');
    await amount.getByLabel(en.currency.LAK).fill('15000');
    await page.getByTestId('config-effect').filter({ hasText: en.needsApproval }).waitFor();
    await editor.scrollIntoViewIfNeeded();
    await screenshot(page, 'config-wheel-en-phone-editor');
    await page.getByTestId('wheel-slices').scrollIntoViewIfNeeded();
    await screenshot(page, 'config-wheel-en-phone-slices');
    await page.getByTestId('config-save').click();
    await page.getByRole('status').filter({ hasText: en.proposed }).waitFor();
    await page.getByRole('heading', { name: en.waitingHere }).waitFor();

    // Nothing moved yet: the member's wheel is the one that applies; the proposer withdraws it.
    const member = await registerMember({ name: 'Wheel Watcher', accountPrefix: '64' });
    const memberWheel = async () => (await api<{ activeSpinwheel: { slices: { code: string; label: string }[] } }>(
      'GET', '/api/spinwheel/setup', undefined, { ...member.auth, 'accept-language': 'en' })).body;
    expect((await memberWheel()).activeSpinwheel.slices).toHaveLength(original.slices.length);
    expect((await wheelValue()).slices[0].weight).toBe(original.slices[0].weight);
    const pending = (await api<{ items: { id: string; section: string }[] }>('GET', '/api/admin/config-changes?status=pending&page=1', undefined, admin)).body.items;
    const change = pending.find((c) => c.section === 'wheel')!;
    expect((await api<{ status: string }>('POST', `/api/admin/config-changes/${change.id}/reject`, { note: 'e2e' }, admin)).body.status).toBe('rejected');

    // A label is a text: it applies at once, and the member's next look at the wheel shows it.
    await page.reload();
    await page.getByTestId('config-wheel-form').waitFor();
    await page.getByTestId('wheel-slice').first().getByRole('button', { name: en.wheel.edit }).click();
    await page.getByTestId('wheel-slice-editor').getByRole('group', { name: en.wheel.label }).getByLabel('English').fill('Five! {amount}');
    await page.getByTestId('config-effect').filter({ hasText: en.appliesAtOnce }).waitFor();
    await page.getByTestId('config-save').click();
    await page.getByRole('status').filter({ hasText: en.applied }).waitFor();
    const shown = await memberWheel();
    expect(shown.activeSpinwheel.slices[0].label).toMatch(/^Five! \d/);
    expect(JSON.stringify(shown)).not.toMatch(/weight/i);
  });

  it('reads in Lao at a phone width, with the preview', async () => {
    const page = await openConsole(finance, 'la', 390, '/admin/config/wheel');
    await screenshot(page, 'config-wheel-la-phone-top');
    await page.getByTestId('wheel-slices').scrollIntoViewIfNeeded();
    await screenshot(page, 'config-wheel-la-phone-slices');
    await page.getByTestId('wheel-preview').scrollIntoViewIfNeeded();
    await screenshot(page, 'config-wheel-la-phone-preview');
    // The preview fills each language's currency word, whatever the operator reads the console in.
    const preview = page.getByTestId('wheel-preview');
    expect(await preview.innerText()).toContain('5.00 ບາດ');
    await preview.getByRole('button', { name: 'EN' }).click();
    await preview.getByRole('button', { name: LOCALES.la.admin.config.currency.LAK }).click();
    expect(await preview.innerText()).toContain('6,000.00 kip');
    expect(await preview.innerText()).not.toContain('wallet.');
    expect(await page.getByTestId('config-save').count()).toBe(0);
  });
});
