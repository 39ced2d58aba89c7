import { PNG } from 'pngjs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fontsReady, launchChromium, phoneContext, screenshot } from './harness';
import { operatorWithRole } from './operators';
import { api, LOCALES, registerMember, type Locale } from './support';

/**
 * Issue 15 as people live it: a guest opens /contact, sends a message, an operator answers
 * through the operator API and the guest sees it live; a member sends an image and watches its
 * progress and delivered state; a failed upload is resent. Screenshots in th, la and en.
 */

/** A support operator of the back office, signed in (beforeAll). */
let operator: Record<string, string>;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  operator = await operatorWithRole('support', `chat.support.${Date.now() % 100_000}`);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

async function openPage(locale: Locale, token?: string): Promise<Page> {
  const context = await phoneContext(browser);
  contexts.push(context);
  await context.addInitScript(
    ([l, t]) => {
      localStorage.setItem('locale', l as string);
      if (t) localStorage.setItem('token', t as string);
    },
    [locale, token ?? ''],
  );
  return context.newPage();
}

/** A photo of noise, large enough (about 1 MB) for the progress bar to show on a slowed upload. */
function noisyPng(size = 600): Buffer {
  const png = new PNG({ width: size, height: size });
  for (let i = 0; i < png.data.length; i += 1) png.data[i] = (i * 2654435761) >>> 24;
  return PNG.sync.write(png);
}

async function operatorReply(guestId: string, text: string) {
  const list = await api<{ conversations: { _id: string; guestId: string | null }[] }>('GET', '/api/admin/chat/conversations', undefined, operator);
  expect(list.status).toBe(200);
  const conversation = list.body.conversations.find((c) => c.guestId === guestId);
  expect(conversation).toBeDefined();
  const sent = await api('POST', `/api/admin/chat/conversations/${conversation!._id}/messages`, { message: { message_type: 'text', payload: text } }, operator);
  expect(sent.status).toBe(200);
}

describe('support chat', () => {
  for (const locale of ['en', 'th', 'la'] as Locale[]) {
    it(`a guest chats with an operator live on /contact (${locale})`, async () => {
      const t = LOCALES[locale].chat;
      const page = await openPage(locale);
      await page.goto('/contact');
      await page.getByTestId('chat-launcher').waitFor();
      await fontsReady(page);
      await expect.poll(() => page.getByText(t.invite).isVisible()).toBe(true);
      await screenshot(page, `chat-launcher-${locale}`);

      await page.getByTestId('chat-launcher').click();
      await page.getByTestId('chat-panel').waitFor();
      await page.getByText(t.empty).waitFor();
      await page.getByPlaceholder(t.placeholder).fill(`  Hello from a guest (${locale})  `);
      await page.getByTestId('chat-send').click();
      await page.locator('[data-testid="chat-message"][data-sender="me"]', { hasText: `Hello from a guest (${locale})` }).waitFor();
      await page.getByTestId('chat-delivered').first().waitFor();

      const guestId = await page.evaluate(() => localStorage.getItem('chatGuestId'));
      expect(guestId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
      await operatorReply(guestId!, `Operator answer (${locale})`);
      await page.locator('[data-testid="chat-message"][data-sender="site"]', { hasText: `Operator answer (${locale})` }).waitFor({ timeout: 10_000 });
      await page.getByText(t.today).first().waitFor();
      await screenshot(page, `chat-guest-${locale}`);
    });
  }

  it.each(['en', 'th', 'la'] as Locale[])('an operator answers a guest from the console\'s support chat page (%s)', async (locale) => {
    const words = `Console question ${locale} ${Date.now() % 10_000}`;
    const guest = await openPage('en');
    await guest.goto('/contact');
    await guest.getByTestId('chat-launcher').click();
    await guest.getByPlaceholder(LOCALES.en.chat.placeholder).fill(words);
    await guest.getByTestId('chat-send').click();
    await guest.getByTestId('chat-delivered').first().waitFor();

    const context = await phoneContext(browser);
    contexts.push(context);
    await context.addInitScript(([l, token]) => {
      localStorage.setItem('locale', l as string);
      sessionStorage.setItem('operatorToken', token as string);
    }, [locale, operator.authorization.replace('Bearer ', '')]);
    const console = await context.newPage();
    await console.goto('/admin/chat');
    const a = LOCALES[locale].admin;
    const conversation = console.getByTestId('chat-conversation').filter({ hasText: words });
    await conversation.waitFor();
    await expect.poll(() => conversation.getByText('1', { exact: true }).isVisible()).toBe(true);
    await conversation.click();
    const thread = console.getByTestId('chat-thread');
    await thread.getByTestId('chat-thread-message').filter({ hasText: words }).waitFor();
    await thread.getByLabel(a.chat.answer).fill(`Console answer ${locale}`);
    await thread.getByRole('button', { name: a.chat.send }).click();
    await thread.getByTestId('chat-thread-message').filter({ hasText: `Console answer ${locale}` }).waitFor();
    // Read on opening: the unread count is gone from the list.
    await expect.poll(() => conversation.getByText('1', { exact: true }).count()).toBe(0);
    await fontsReady(console);
    await screenshot(console, `chat-console-${locale}`);

    await guest.locator('[data-testid="chat-message"][data-sender="site"]', { hasText: `Console answer ${locale}` }).waitFor({ timeout: 10_000 });
  });

  it('a member sends an image, sees its progress and delivered state, and resends a failed upload', async () => {
    const member = await registerMember({ name: 'Chat Member', accountPrefix: '61' });
    const token = member.auth.authorization.replace('Bearer ', '');
    const t = LOCALES.en.chat;
    const page = await openPage('en', token);
    await page.goto('/user/contact');
    await page.getByTestId('chat-launcher').click();
    await page.getByTestId('chat-panel').waitFor();

    // A slow uplink, so the upload's progress can be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 200 * 1024 });
    const photo = noisyPng();
    await page.getByTestId('chat-file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: photo });
    const pending = page.locator('[data-testid="chat-pending"][data-status="uploading_file"]');
    await pending.waitFor();
    await pending.getByRole('progressbar').waitFor();
    await expect.poll(async () => Number(await pending.getByRole('progressbar').getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(0);
    await screenshot(page, 'chat-member-uploading-en');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.locator('[data-testid="chat-message"][data-sender="me"] img').first().waitFor({ timeout: 60_000 });
    await page.getByTestId('chat-delivered').first().waitFor();
    await screenshot(page, 'chat-member-delivered-en');

    // The next upload fails on the way; resending it delivers it.
    await page.route('**/api/chat/upload-image', (route) => route.abort('failed'), { times: 1 });
    await page.getByTestId('chat-file').setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: noisyPng(120) });
    const failed = page.locator('[data-testid="chat-pending"][data-status="failed"]');
    await failed.waitFor();
    await failed.getByText(t.status.failed).waitFor();
    await screenshot(page, 'chat-member-failed-en');
    await failed.getByRole('button', { name: t.resend }).click();
    await expect.poll(() => page.locator('[data-testid="chat-pending"]').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => page.locator('[data-testid="chat-message"][data-sender="me"] img').count(), { timeout: 30_000 }).toBe(2);

    // Both files are the member's only: another member cannot fetch them.
    const history = await api<{ messages: { message: { message_type: string; payload: { filePath: string } } }[] }>('POST', '/api/chat/history', { limit: 10, skip: 0 }, member.auth);
    const paths = history.body.messages.filter((m) => m.message.message_type === 'media').map((m) => m.message.payload.filePath);
    expect(paths).toHaveLength(2);
    const other = await registerMember({ name: 'Other Member', accountPrefix: '62' });
    const stolen = await fetch(new URL(paths[0], page.url()), { headers: { ...other.auth, 'x-client': 'member-wallet' } });
    expect(stolen.status).toBe(404);
  });
});
