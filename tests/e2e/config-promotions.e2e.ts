import { PNG } from 'pngjs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fontsReady, launchChromium, phoneContext, screenshot, url } from './harness';
import { operatorWithRole } from './operators';
import { api, LOCALES, registerMember, type Locale } from './support';

/**
 * The invite and refund configuration pages as an operator uses them (issue 29): an admin
 * uploads a banner image and saves the banners (members get them at once), proposes an invite
 * rule change that waits for another operator (and withdraws it), and sees that the refund's
 * text alone applies at once while its figures wait. Screenshots at phone and laptop width
 * in th, la and en. What it changes is put back afterwards (other journeys read these rules).
 */

type Item = { target: string; value: unknown };
type Section = { items: Item[]; pending: { id: string; target: string }[] };

let browser: Browser;
let adminHeaders: Record<string, string>;
const original: Record<'invite' | 'refund', Item[]> = { invite: [], refund: [] };
const contexts: BrowserContext[] = [];

const section = async (name: 'invite' | 'refund') => (await api<Section>('GET', `/api/admin/config/${name}`, undefined, adminHeaders)).body;
const valueOf = async (name: 'invite' | 'refund', target: string) => (await section(name)).items.find((i) => i.target === target)!.value;
/** Withdraws what this file proposed and left waiting. */
const withdrawAll = async (name: 'invite' | 'refund') => {
  for (const change of (await section(name)).pending) await api('POST', `/api/admin/config-changes/${change.id}/reject`, { note: 'e2e' }, adminHeaders);
};

/** A console page as the admin, in the language, at a phone's width or a laptop's. */
async function consolePage(locale: Locale, width: 'phone' | 'laptop'): Promise<Page> {
  const context = width === 'phone'
    ? await phoneContext(browser)
    : await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: url('/') });
  contexts.push(context);
  const token = adminHeaders.authorization.slice('Bearer '.length);
  await context.addInitScript(([t, l]) => {
    sessionStorage.setItem('operatorToken', t);
    localStorage.setItem('locale', l);
  }, [token, locale] as const);
  return context.newPage();
}

/** A banner image an operator would make: a 640 x 240 gradient. */
function bannerPng(): Buffer {
  const png = new PNG({ width: 640, height: 240 });
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const i = (y * png.width + x) * 4;
      png.data[i] = 120 + Math.round((x / png.width) * 120);
      png.data[i + 1] = 40 + Math.round((y / png.height) * 60);
      png.data[i + 2] = 160;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

beforeAll(async () => {
  browser = await launchChromium();
  const stamp = Date.now().toString(36).slice(-5);
  adminHeaders = await operatorWithRole('admin', `rules.a${stamp}`);
  original.invite = (await section('invite')).items;
  original.refund = (await section('refund')).items;
});

afterAll(async () => {
  try {
    // Only banners and texts were applied (at once); they go back as they were.
    for (const name of ['invite', 'refund'] as const) {
      await withdrawAll(name);
      for (const item of original[name]) {
        if (JSON.stringify(await valueOf(name, item.target)) === JSON.stringify(item.value)) continue;
        await api('PUT', `/api/admin/config/${name}/${item.target}`, { value: item.value }, adminHeaders);
      }
    }
  } finally {
    for (const c of contexts) await c.close();
    await browser?.close();
  }
});

describe('invite and refund configuration', () => {
  it('uploads a banner image on a phone in Thai, and members get the banner at once', async () => {
    const th = LOCALES.th.admin.config;
    const page = await consolePage('th', 'phone');
    await page.goto('/admin/config/invite');
    const banners = page.getByTestId('config-invite-banners');
    await banners.waitFor();
    await fontsReady(page);
    await screenshot(page, 'config-invite-phone-th');

    await banners.getByTestId('config-image-file').first().setInputFiles({ name: 'ชวนเพื่อน.png', mimeType: 'image/png', buffer: bannerPng() });
    const image = banners.getByTestId('config-banner-image').first();
    await expect.poll(async () => image.getAttribute('src')).toMatch(/^\/api\/content\/images\/[0-9a-f]{64}\.png$/);
    await expect.poll(async () => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
    const src = (await image.getAttribute('src'))!;
    await expect.poll(async () => (await banners.getByTestId('config-effect').innerText()).trim()).toBe(th.appliesAtOnce);
    await banners.getByTestId('config-save').click();
    await page.getByText(th.applied).first().waitFor();
    await image.scrollIntoViewIfNeeded();
    await screenshot(page, 'config-invite-banner-uploaded-phone-th');

    const member = await registerMember({ name: 'Banner Viewer', accountPrefix: '73' });
    const shown = await api<{ image: string; html: string }[]>('GET', '/api/invite/banners', undefined, member.auth);
    expect(shown.body[0].image).toBe(src);
    const served = await fetch(url(src));
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('proposes an invite rule change that waits for another operator, and withdraws it', async () => {
    // The approval by an operator of another tree (the seeded checker) and what members then
    // get are tested on both databases in tests/server/config-invite-refund.test.ts.
    const en = LOCALES.en.admin;
    const member = await registerMember({ name: 'Rule Watcher', accountPrefix: '74' });
    const before = (await api<{ invite: { success: number } }>('GET', '/api/wallet', undefined, member.auth)).body.invite;
    const page = await consolePage('en', 'laptop');
    await page.goto('/admin/config/invite');
    const form = page.getByTestId('config-invite-rule');
    await form.waitFor();
    await form.getByLabel(en.config.promotion.success).fill('150');
    await form.getByLabel(en.config.promotion.fail).fill('15');
    expect((await form.getByTestId('config-effect').innerText()).trim()).toBe(en.config.needsApproval);
    await form.getByTestId('config-save').click();
    const card = page.getByTestId('config-change').first();
    await card.waitFor();
    await expect.poll(async () => card.innerText()).toContain(en.config.ownProposal);
    expect(await card.getByTestId('config-approve').count()).toBe(0);
    await fontsReady(page);
    await screenshot(page, 'config-invite-pending-laptop-en', true);
    // Not applied: members still get the rule as it was.
    expect((await api<{ invite: { success: number } }>('GET', '/api/wallet', undefined, member.auth)).body.invite).toEqual(before);

    await card.getByRole('button', { name: en.config.withdraw }).click();
    await card.getByLabel(en.reason).fill('Proposed by mistake');
    await card.getByRole('button', { name: en.confirmReject }).click();
    await expect.poll(async () => (await section('invite')).pending.length).toBe(0);
    expect((await api<{ invite: { success: number } }>('GET', '/api/wallet', undefined, member.auth)).body.invite).toEqual(before);
  });

  it('shows the refund page in Lao on a phone and in English on a laptop; its text alone applies at once', async () => {
    for (const [locale, width] of [['la', 'phone'], ['en', 'laptop']] as const) {
      const t = LOCALES[locale].admin.config;
      const page = await consolePage(locale, width);
      await page.goto('/admin/config/refund');
      const form = page.getByTestId('config-refund-rule');
      await form.waitFor();
      // The server's sanitised preview of the refund text, as members see it.
      await expect.poll(async () => (await form.getByTestId('config-preview-content').innerText()).length).toBeGreaterThan(10);
      await fontsReady(page);
      await screenshot(page, `config-refund-${width}-${locale}`, true);
      const textarea = form.locator('textarea[lang="en"]');
      await textarea.fill('<p>Refund every day: <b>5%</b></p>');
      expect((await form.getByTestId('config-effect').innerText()).trim()).toBe(t.appliesAtOnce);
      await form.getByLabel(t.refund.percent).fill('6');
      expect((await form.getByTestId('config-effect').innerText()).trim()).toBe(t.needsApproval);
    }
  });
});
