import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fontsReady, launchChromium, phoneContext, ROOT, screenshot, url } from './harness';
import { operatorWithRole } from './operators';
import { api, fill, LOCALES, openAsMember, registerMember, type Locale } from './support';

/**
 * Issue 15 as people live it: a guest opens /contact, sends a message, an operator answers
 * through the operator API and the guest sees it live; a member sends an image and watches its
 * progress and delivered state; a failed upload is resent. Issue 28: the chat button of every
 * page with its unread badge (clear of the bottom menu and the pages' buttons at 360-430 px), a
 * file message, card pictures from our uploads and from https addresses, the control that loads
 * earlier messages; the console shows the customer's photos and videos and answers with an
 * uploaded photo and a card. Screenshots in th, la and en.
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

/** A picture an operator links from the web; the browser is answered it by page.route (no outside network here). */
const WEB_PICTURE = 'https://pictures.example.test/promo.png';
function webPicture(width = 240, height = 140): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      png.data[i] = 120 + Math.round((x / width) * 120);
      png.data[i + 1] = 40 + Math.round((y / height) * 80);
      png.data[i + 2] = 200;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}
const serveWebPictures = (page: Page) =>
  page.route('https://pictures.example.test/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: webPicture() }));

/** A short real video (H.264), the how-to clip the site ships. */
const VIDEO = fs.readFileSync(path.join(ROOT, 'assets/howto/en/wallet.mp4'));

/** The operator's upload into a conversation, as the console makes it: the path it answers. */
async function operatorUpload(conversationId: string, file: Buffer, name: string, kind: 'image' | 'video' = 'image'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const response = await fetch(url(`/api/admin/chat/conversations/${conversationId}/upload-${kind}`), {
    method: 'POST', headers: { ...operator, 'x-client': 'member-wallet' }, body: form,
  });
  const answer = (await response.json()) as { path: string };
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer.path;
}

async function conversationNamed(name: string): Promise<string> {
  const list = await api<{ conversations: { _id: string; name: string | null }[] }>('GET', '/api/admin/chat/conversations', undefined, operator);
  const found = list.body.conversations.find((c) => c.name === name);
  expect(found, `a conversation of ${name}`).toBeDefined();
  return found!._id;
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
      await page.getByTestId('line-name').waitFor();
      await fontsReady(page);
      await expect.poll(() => page.getByText(LOCALES[locale].chatButton.invite).isVisible()).toBe(true);
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

  it.each([['en', '64'], ['th', '65'], ['la', '66']] as [Locale, string][])(
    'a member with answers waiting sees the badge on the home; the panel shows a file, card pictures and earlier messages (%s)',
    async (locale, accountPrefix) => {
      const t = LOCALES[locale].chat;
      const name = `Badge Member ${locale} ${Date.now() % 100_000}`;
      const member = await registerMember({ name, accountPrefix });
      // Fifteen messages: the first page (ten) leaves five earlier ones.
      for (let i = 1; i <= 12; i += 1) {
        const sent = await api('POST', '/api/chat/send-message', { message: { message_type: 'text', payload: `Question ${i}` } }, member.auth);
        expect(sent.status).toBe(200);
      }
      const id = await conversationNamed(name);
      const picture = await operatorUpload(id, webPicture(200, 120), 'offer.png');
      for (const message of [
        { message_type: 'text', payload: 'Here is what we have for you' },
        { message_type: 'generic', payloads: [
          { image_url: picture, title: 'Weekend bonus', subtitle: 'Uploaded picture', buttons: [{ type: 'postback', title: 'Tell me more', payload: 'BONUS' }] },
          { image_url: WEB_PICTURE, title: 'Lucky spin', subtitle: 'Picture from the web', buttons: [] },
        ] },
        { message_type: 'media', payload: { url: true, fileType: 'file', filePath: 'https://docs.example.test/terms.pdf', name: 'Terms.pdf' } },
      ]) expect((await api('POST', `/api/admin/chat/conversations/${id}/messages`, { message }, operator)).status).toBe(200);

      const page = await openPage(locale);
      await serveWebPictures(page);
      await openAsMember(page, member.auth.authorization.replace('Bearer ', ''), locale, '/user/home');
      const badge = page.getByTestId('chat-unread');
      await expect.poll(() => badge.innerText(), { timeout: 15_000 }).toBe('3');
      const launcher = page.getByTestId('chat-launcher');
      expect(await launcher.getAttribute('aria-label')).toBe(fill(LOCALES[locale].chatButton.openUnread_other, { count: '3' }));
      await page.getByTestId('wallet-amount').waitFor();
      await fontsReady(page);
      await screenshot(page, `chat-badge-home-${locale}`);

      await launcher.click();
      const panel = page.getByTestId('chat-panel');
      const file = panel.getByTestId('chat-file-link');
      await file.waitFor();
      expect(await file.innerText()).toContain('Terms.pdf');
      expect(await file.getAttribute('href')).toBe('https://docs.example.test/terms.pdf');
      expect(await file.getAttribute('target')).toBe('_blank');
      const cards = panel.locator('img.chat-card__image');
      await expect.poll(() => cards.count()).toBe(2);
      for (const card of await cards.all()) await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      expect(await cards.nth(0).getAttribute('src')).toMatch(/^blob:/);
      expect(await cards.nth(1).getAttribute('src')).toBe(WEB_PICTURE);
      await fontsReady(page);
      await screenshot(page, `chat-widget-file-card-${locale}`);
      // Every control a thumb uses is at least 44 px each way.
      for (const control of [launcher, ...['chat-close', 'chat-refresh', 'chat-attach', 'chat-send', 'chat-file-link', 'chat-load-older'].map((id) => panel.getByTestId(id)), panel.getByRole('button', { name: 'Tell me more' })]) {
        const box = (await control.boundingBox())!;
        expect([box.width, box.height].every((side) => side >= 44), `${await control.getAttribute('data-testid') ?? await control.innerText()}: ${box.width}x${box.height}`).toBe(true);
      }

      // Just short of the top: the control shows (at the very top, scrolling itself loads them).
      const older = panel.getByTestId('chat-load-older');
      await older.waitFor();
      await panel.getByTestId('chat-list').evaluate((el) => { el.scrollTop = 5; });
      await screenshot(page, `chat-widget-load-older-${locale}`);
      await older.click();
      await panel.getByTestId('chat-start').waitFor();
      await expect.poll(() => panel.locator('[data-testid="chat-message"]').count()).toBe(15);
      expect(await older.count()).toBe(0);
      expect(await panel.getByText(t.start).isVisible()).toBe(true);

      // Read while open (a second after the last answer): closed again, the badge is gone.
      await expect.poll(async () => (await api<{ unread: number }>('POST', '/api/chat/unread', {}, member.auth)).body.unread, { timeout: 10_000 }).toBe(0);
      await panel.getByTestId('chat-close').click();
      await expect.poll(() => badge.count()).toBe(0);
      expect(await launcher.getAttribute('aria-label')).toBe(LOCALES[locale].chatButton.open);
    },
  );

  it('keeps the chat button clear of the bottom menu and the pages\' buttons from 360 to 430 px', async () => {
    const member = await registerMember({ name: 'Layout Member', accountPrefix: '67' });
    const token = member.auth.authorization.replace('Bearer ', '');
    const pages: [string, boolean][] = [['/login', false], ['/register', false], ['/contact', false], ['/user/home', true], ['/user/statement', true], ['/user/profile', true], ['/user/bonus', true]];
    for (const [width, height] of [[360, 740], [390, 844], [430, 932]]) {
      const context = await phoneContext(browser, { width, height });
      contexts.push(context);
      const page = await context.newPage();
      for (const [path, member] of pages) {
        if (member) await openAsMember(page, token, 'th', path);
        else await page.goto(path);
        await page.getByTestId('chat-launcher').waitFor();
        await page.locator('main .spinner').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
        for (const at of ['top', 'bottom'] as const) {
          await page.evaluate((end) => window.scrollTo(0, end === 'top' ? 0 : document.documentElement.scrollHeight), at);
          // The bottom menu may not be touched at all; a page's button, tile or link that no scroll
          // can bring clear may not lose its centre or more than a sliver of its face (a rounded
          // corner's few pixels) to the chat button or bubble.
          const covered = await page.evaluate(() => {
            const chat = [...document.querySelectorAll('.chat-launcher, .chat-invite')].map((el) => el.getBoundingClientRect());
            const overlap = (a: DOMRect, b: DOMRect) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
            const holds = (a: DOMRect, x: number, y: number) => x >= a.left && x <= a.right && y >= a.top && y <= a.bottom;
            const menu = document.querySelector('nav.bottom-menu')?.getBoundingClientRect();
            const problems = menu && chat.some((c) => overlap(c, menu) > 0) ? ['the bottom menu'] : [];
            const controls = [...document.querySelectorAll('main button, main a[href], main input, main select, main textarea, main [data-testid^="widget-"]')]
              .filter((el) => !el.closest('.chat-widget'))
              .map((el) => ({ el, box: el.getBoundingClientRect() }))
              // Those shown whole: one the menu or the screen's edge cuts is not where the member taps it yet.
              .filter(({ box }) => box.width > 0 && box.height > 0 && box.top >= 0 && box.bottom <= (menu?.top ?? window.innerHeight));
            // What scrolling can still bring up clear of the chat button is no problem: content
            // passes under a floating button; a control no scroll can free is.
            const further = document.documentElement.scrollHeight - window.innerHeight - window.scrollY;
            const chatTop = Math.min(...chat.map((c) => c.top));
            for (const { el, box } of controls) {
              if (box.bottom - further < chatTop) continue;
              const centre = chat.some((c) => holds(c, box.left + box.width / 2, box.top + box.height / 2));
              const share = Math.max(0, ...chat.map((c) => overlap(c, box))) / (box.width * box.height);
              if (centre || share > 0.1) problems.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}" (${Math.round(share * 100)}%)`);
            }
            return problems;
          });
          expect(covered, `${path} at ${width} px, scrolled to the ${at}`).toEqual([]);
        }
      }
      await context.close();
    }
  });

  it.each(['en', 'th', 'la'] as Locale[])('an operator sees a guest\'s photo and video in the console and answers with text, a photo and a card (%s)', async (locale) => {
    const words = `Console question ${locale} ${Date.now() % 10_000}`;
    const t = LOCALES[locale].chat;
    const guest = await openPage(locale);
    await serveWebPictures(guest);
    await guest.goto('/contact');
    await guest.getByTestId('chat-launcher').click();
    await guest.getByTestId('chat-panel').waitFor();
    // A photo and a video first, the question last (the console's list shows the last message).
    await guest.getByTestId('chat-file').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: webPicture(320, 200) });
    await expect.poll(() => guest.locator('[data-testid="chat-message"][data-sender="me"] img').count(), { timeout: 20_000 }).toBe(1);
    await guest.getByTestId('chat-file').setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: VIDEO });
    await expect.poll(() => guest.locator('[data-testid="chat-message"][data-sender="me"] video').count(), { timeout: 20_000 }).toBe(1);
    await guest.getByPlaceholder(t.placeholder).fill(words);
    await guest.getByTestId('chat-send').click();
    await guest.getByTestId('chat-delivered').nth(2).waitFor();

    const context = await phoneContext(browser);
    contexts.push(context);
    await context.addInitScript(([l, token]) => {
      localStorage.setItem('locale', l as string);
      sessionStorage.setItem('operatorToken', token as string);
    }, [locale, operator.authorization.replace('Bearer ', '')]);
    const console = await context.newPage();
    await serveWebPictures(console);
    await console.goto('/admin/chat');
    const a = LOCALES[locale].admin;
    const conversation = console.getByTestId('chat-conversation').filter({ hasText: words });
    await conversation.waitFor();
    await expect.poll(() => conversation.getByText('3', { exact: true }).isVisible()).toBe(true);
    await conversation.click();
    const thread = console.getByTestId('chat-thread');
    await thread.getByTestId('chat-thread-message').filter({ hasText: words }).waitFor();
    // The guest's photo and video themselves, not the word "image".
    const photo = thread.getByRole('img', { name: fill(a.chat.imageFrom, { who: a.chat.guest }) });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    const video = thread.getByTestId('chat-thread-video');
    await expect.poll(async () => (await video.getAttribute('src')) ?? '').toMatch(/^blob:/);
    expect(await video.getAttribute('aria-label')).toBe(fill(a.chat.videoFrom, { who: a.chat.guest }));
    // Read on opening: the unread count is gone from the list.
    await expect.poll(() => conversation.getByText('3', { exact: true }).count()).toBe(0);
    await thread.getByTestId('chat-thread-message').filter({ has: console.locator('video') }).scrollIntoViewIfNeeded();
    await fontsReady(console);
    await screenshot(console, `chat-console-media-${locale}`);

    await thread.getByLabel(a.chat.answer).fill(`Console answer ${locale}`);
    await thread.getByRole('button', { name: a.chat.send, exact: true }).click();
    await thread.getByTestId('chat-thread-message').filter({ hasText: `Console answer ${locale}` }).waitFor();

    // A photo of our own, uploaded into the conversation.
    await thread.getByLabel(a.chat.kind).selectOption('media');
    await thread.getByLabel(a.chat.mediaFile).setInputFiles({ name: 'answer.png', mimeType: 'image/png', buffer: webPicture(180, 120) });
    await thread.getByRole('button', { name: a.chat.send, exact: true }).click();
    await expect.poll(() => thread.getByRole('img', { name: fill(a.chat.imageFrom, { who: 'support desk' }) }).count(), { timeout: 15_000 }).toBe(1);

    // A card with a picture from the web and a reply button; a bad address is caught before sending.
    await thread.getByLabel(a.chat.kind).selectOption('card');
    await thread.getByLabel(a.chat.cardImageUrl).fill('javascript:alert(1)');
    await thread.getByLabel(a.chat.cardTitle).fill(`Spin today ${locale}`);
    await thread.getByRole('button', { name: a.chat.send, exact: true }).click();
    await thread.getByText(a.chat.problem.https).waitFor();
    await thread.getByLabel(a.chat.cardImageUrl).fill(WEB_PICTURE);
    await thread.getByRole('button', { name: a.chat.addButton }).click();
    await thread.getByLabel(fill(a.chat.buttonTitle, { n: '1' })).fill('Yes please');
    await thread.getByLabel(fill(a.chat.buttonPayload.postback, { n: '1' })).fill('SPIN');
    await thread.getByRole('button', { name: a.chat.send, exact: true }).click();
    const sentCard = thread.getByTestId('chat-thread-message').filter({ hasText: `Spin today ${locale}` });
    await sentCard.waitFor();
    await expect.poll(() => sentCard.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The answers as the operator sees them, without the three "sent" toasts over them.
    await console.locator('.toast__close').evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLButtonElement).click()));
    await thread.locator('.admin-chat__messages').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await fontsReady(console);
    await screenshot(console, `chat-console-${locale}`);

    // The guest sees all three live: the text, the photo and the card with its picture.
    const fromSite = guest.locator('[data-testid="chat-message"][data-sender="site"]');
    await fromSite.filter({ hasText: `Console answer ${locale}` }).waitFor({ timeout: 10_000 });
    await expect.poll(() => fromSite.locator('img.chat-media__image').count(), { timeout: 10_000 }).toBe(1);
    const card = fromSite.filter({ hasText: `Spin today ${locale}` });
    await card.waitFor({ timeout: 10_000 });
    await expect.poll(() => card.locator('img.chat-card__image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await card.getByRole('button', { name: 'Yes please' }).waitFor();
    await fontsReady(guest);
    await screenshot(guest, `chat-guest-answers-${locale}`);
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
