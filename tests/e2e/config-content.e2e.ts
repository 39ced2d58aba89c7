import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fontsReady, launchChromium, phoneContext, screenshot } from './harness';
import { operatorWithRole } from './operators';
import { api, LOCALES, type Locale } from './support';

/**
 * The console's texts and switches pages as a new admin meets them: writes the contact text in
 * three languages and a member's contact page shows it without a restart; an agreement's
 * <script> and onerror never reach the phone-width preview; the chat switch turns the member's
 * chat off and on. Screenshots of both pages at desktop and phone width, in th and la or en.
 */

let browser: Browser;
let headers: Record<string, string>;
const contexts: BrowserContext[] = [];

/** The console with the admin's session, in a language, at a width (390: a phone). */
async function openConsole(path: string, locale: Locale, width: number): Promise<Page> {
  const context = await phoneContext(browser, width > 500 ? { width, height: 900, deviceScaleFactor: 1 } : {});
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/favicon.svg');
  await page.evaluate(([token, l]) => { sessionStorage.setItem('operatorToken', token); localStorage.setItem('locale', l); }, [headers.authorization.slice(7), locale]);
  await page.goto(path);
  return page;
}

type Contact = { kind: 'contact'; contactText: Record<Locale, string>; lineName: string; lineLink: string; lineQR: string };
const contactNow = async () => {
  const r = await api<{ items: { target: string; value: unknown }[] }>('GET', '/api/admin/config/content', undefined, headers);
  return r.body.items.find((i) => i.target === 'contact.TH')!.value as Contact;
};

beforeAll(async () => {
  browser = await launchChromium();
  headers = await operatorWithRole('admin', `texts${Date.now() % 100_000}`);
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

describe('configuration: texts and switches', () => {
  it('writes the contact text in three languages and a member reads it at once', async () => {
    const before = await contactNow();
    const page = await openConsole('/admin/config/content', 'th', 1280);
    const th = LOCALES.th.admin.config;
    await page.getByTestId('config-content-contact').waitFor();
    const group = page.getByRole('group', { name: th.content.contactText });
    const written = { th: 'ทีมงานตอบทุกวัน 9:00–21:00', la: 'ທີມງານຕອບທຸກມື້ 9:00–21:00', en: 'Our team answers daily 9:00–21:00' };
    await group.getByLabel('ไทย').fill(written.th);
    await group.getByLabel('ລາວ').fill(written.la);
    await group.getByLabel('English').fill(written.en);
    expect(await page.getByTestId('config-effect').innerText()).toBe(th.appliesAtOnce);
    await fontsReady(page);
    await screenshot(page, 'config-content-contact-th-desktop', true);
    await page.getByTestId('config-save').click();
    await page.getByRole('status').filter({ hasText: th.applied }).waitFor();

    for (const locale of ['th', 'la', 'en'] as const) {
      const member = await (await phoneContext(browser)).newPage();
      contexts.push(member.context());
      await member.goto('/favicon.svg');
      await member.evaluate((l) => localStorage.setItem('locale', l), locale);
      await member.goto('/contact');
      await member.getByText(written[locale]).waitFor();
      if (locale === 'la') await screenshot(member, 'config-content-member-contact-la');
    }
    expect((await api('PUT', '/api/admin/config/content/contact.TH', { value: before }, headers)).status).toBe(200);
  });

  it("previews an agreement's html as members get it: no <script>, no onerror, at a phone's width", async () => {
    const page = await openConsole('/admin/config/content', 'la', 390);
    const la = LOCALES.la.admin.config;
    await page.getByRole('button', { name: la.content.pages.agreements }).click();
    await page.getByTestId('config-content-agreements').waitFor();
    await page.getByRole('button', { name: la.content.addParagraph }).click();
    const paragraph = page.getByTestId('config-paragraph').last();
    await paragraph.getByLabel('ລາວ').fill('<p>ຂໍ້ໃໝ່<img src="x" onerror="document.title=\'pwned\'"></p><script>document.title=\'pwned\'</script>');
    const preview = paragraph.getByTestId('config-preview');
    await preview.getByRole('button', { name: 'LA' }).click();
    await expect.poll(() => preview.getByTestId('config-preview-content').innerHTML(), { timeout: 10_000 }).toContain('ຂໍ້ໃໝ່');
    const html = await preview.getByTestId('config-preview-content').innerHTML();
    expect(html).not.toMatch(/onerror|script/);
    expect(await page.title()).not.toBe('pwned');
    await paragraph.scrollIntoViewIfNeeded();
    await fontsReady(page);
    await screenshot(page, 'config-content-agreements-la-phone');
    // Not saved: the undo puts the agreement back as it applies.
    await page.getByRole('button', { name: la.undo }).click();
  });

  it('turns the chat off for members and on again from the switches page', async () => {
    for (const [locale, width] of [['th', 1280], ['en', 390]] as const) {
      const page = await openConsole('/admin/config/switches', locale, width);
      await page.getByTestId('config-switches-form').waitFor();
      await fontsReady(page);
      await screenshot(page, `config-switches-${locale}-${width > 500 ? 'desktop' : 'phone'}`, true);
    }
    const page = await openConsole('/admin/config/switches', 'en', 1280);
    const en = LOCALES.en.admin.config;
    const chat = page.getByRole('switch', { name: en.switches.enableChatWidget });
    await chat.waitFor();
    const wasOn = await chat.isChecked();
    for (const on of [!wasOn, wasOn]) {
      await chat.setChecked(on);
      await page.getByTestId('config-save').click();
      await page.getByRole('status').filter({ hasText: en.applied }).last().waitFor();
      await expect.poll(async () => (await api<{ enableChatWidget: boolean }>('GET', '/api/lookup/enableChatWidget')).body.enableChatWidget).toBe(on);
      await expect.poll(() => page.getByTestId('config-save').isDisabled()).toBe(true);
    }
  });

  it('shows the how-to texts beside the page\'s own, at a phone\'s width', async () => {
    const page = await openConsole('/admin/config/content', 'th', 390);
    await page.getByRole('button', { name: LOCALES.th.admin.config.content.pages.howto }).click();
    await page.getByTestId('config-howto-wallet').waitFor();
    await page.getByText(LOCALES.en.howto.topics.wallet, { exact: false }).first().waitFor();
    await fontsReady(page);
    await screenshot(page, 'config-content-howto-th-phone');

    // The operator's English title and wallet topic reach /howto; Thai readers keep the page's own.
    const items = (await api<{ items: { target: string; value: { topics: Record<string, { title: Record<Locale, string> }> } }[] }>('GET', '/api/admin/config/content', undefined, headers)).body.items;
    const before = items.find((i) => i.target === 'howto')!.value;
    const after = {
      ...before,
      title: { th: '', la: '', en: 'Getting started' },
      topics: { ...before.topics, wallet: { ...before.topics.wallet, title: { th: '', la: '', en: 'Your wallet, step by step' } } },
    };
    expect((await api('PUT', '/api/admin/config/content/howto', { value: after }, headers)).status).toBe(200);
    try {
      for (const locale of ['en', 'th'] as const) {
        const member = await (await phoneContext(browser)).newPage();
        contexts.push(member.context());
        await member.goto('/favicon.svg');
        await member.evaluate((l) => localStorage.setItem('locale', l), locale);
        await member.goto('/howto');
        const heading = member.getByRole('heading', { level: 1 });
        const wallet = member.getByTestId('howto-wallet');
        if (locale === 'en') {
          await expect.poll(() => heading.innerText()).toBe('Getting started');
          await expect.poll(() => wallet.innerText()).toContain('Your wallet, step by step');
          await fontsReady(member);
          await screenshot(member, 'config-content-member-howto-en');
        } else {
          await expect.poll(() => wallet.innerText()).toContain(LOCALES.th.howto.topics.wallet);
          expect(await heading.innerText()).toBe(LOCALES.th.howto.title);
        }
      }
    } finally {
      expect((await api('PUT', '/api/admin/config/content/howto', { value: before }, headers)).status).toBe(200);
    }
  });
});
