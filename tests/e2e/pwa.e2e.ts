import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClientServer } from '../bench/client-server';
import { fontsReady, launchChromium, ROOT, screenshot, url } from './harness';
import { LOCALES, api, chooseLanguage, openAsMember, registerMember, type Locale } from './support';

/**
 * Issue 32, the installable app, in Chromium on a phone (390×844): the manifest of each language
 * and its icons; the service worker installs, takes the page after a reload, and opens the app
 * with no network (the offline banner in th, la and en) while the API is never answered from a
 * cache; a new deploy is offered ("A new version is ready", Update, reload under the new worker);
 * the install card on a synthetic beforeinstallprompt, and the iPhone's hint; the profile's push
 * switch subscribes (a local push service stands in for the browser vendor's, in this test only,
 * as headless Chromium has no push service) and a sandbox QR paid sends the member the
 * deposit-credited push, encrypted, in the member's language, which the worker shows. Only this file's
 * contexts allow service workers (harness.ts blocks them everywhere else). Few page loads: each
 * test goes on from the page the one before left.
 */

const ALL: Locale[] = ['th', 'la', 'en'];
const plain = (text: string) => text.replaceAll('\u2060', '');
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';


const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
};

/** The browser vendor's push service, stood in for: it keeps what our server sends it. */
async function localPushService() {
  const received: { path: string; body: Buffer; headers: Record<string, unknown> }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: Buffer.concat(chunks), headers: req.headers });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { received, base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

/** A context of this file: service workers allowed unless told. */
const pwaContext = (options: { baseURL?: string; userAgent?: string; serviceWorkers?: 'allow' | 'block' } = {}) =>
  browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    baseURL: options.baseURL ?? url('/'),
    userAgent: options.userAgent,
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });

/** Waits for the worker to be active (its precache filled); true when it controls the page. */
const workerReady = (p: Page) =>
  p.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL ?? null, controlled: navigator.serviceWorker.controller !== null };
  });

const bannerState = (p: Page) => p.locator('header .connection-banner').evaluate((el) => el.querySelector('p')?.className.match(/--(\w+)/)?.[1] ?? 'online');

beforeAll(async () => {
  browser = await launchChromium();
  const member = await registerMember({ name: 'Installed Member', accountPrefix: '64' });
  token = member.auth.authorization.replace('Bearer ', '');
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('the installable app', () => {
  it('serves a manifest per language with our icons, the worker fresh and allowed by the page policy', async () => {
    const html = await (await fetch(url('/login'), { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<link rel="manifest" href="/manifest-th.webmanifest" />');
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
    expect(html).toContain('<meta name="apple-mobile-web-app-capable" content="yes" />');
    expect(html).toContain(`<meta name="apple-mobile-web-app-title" content="${LOCALES.th.pwa.shortName}" />`);
    for (const locale of ALL) {
      const answer = await fetch(url(`/manifest-${locale}.webmanifest`));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      const manifest = (await answer.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose: string }[] };
      expect(manifest).toMatchObject({
        id: '/',
        name: plain(LOCALES[locale].pwa.name),
        short_name: plain(LOCALES[locale].pwa.shortName),
        start_url: '/user/home',
        scope: '/',
        display: 'standalone',
        theme_color: '#0b0617',
        background_color: '#0b0617',
      });
      expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']);
      if (locale !== 'en') continue;
      for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
        const image = await fetch(url(icon.src));
        expect(image.headers.get('content-type')).toBe('image/png');
        const bytes = Buffer.from(await image.arrayBuffer());
        // A PNG's width and height, from its IHDR.
        expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
      }
    }
    const worker = await fetch(url('/sw.js'));
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('content-security-policy') ?? '').toMatch(/worker-src 'self'/);
    const asset = html.match(/src="(\/assets\/index-[^"]+\.js)"/)![1];
    expect((await fetch(url(asset))).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('installs and takes the page after a reload; the manifest link follows the language', async () => {
    context = await pwaContext();
    page = await context.newPage();
    await openAsMember(page, token, 'en', '/user/home');
    await page.getByTestId('wallet-amount').waitFor();
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest-en.webmanifest');
    await chooseLanguage(page, 'la');
    await expect.poll(() => page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest-la.webmanifest');
    await chooseLanguage(page, 'en');
    const first = await workerReady(page);
    expect(first.script).toBe(url('/sw.js'));
    expect(first.scope).toBe(url('/'));
    await page.reload();
    await page.getByTestId('wallet-amount').waitFor();
    expect((await workerReady(page)).controlled).toBe(true);
    // Precached: the member app, not the console's nor the prize showcase's chunks; never an API answer.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toContain('/index.html');
    // The member's home (its shell and screen: src/client/build/codeSplitting.ts).
    expect(cached.some((p) => /^\/assets\/member-home-.*\.js$/.test(p))).toBe(true);
    expect(cached.filter((p) => /AdminApp|PrizeCoin3D|DemoGameScreen|^\/api\//.test(p))).toEqual([]);
  });

  it('opens with no network: the app shell from the cache, the offline banner, and no API answer from a cache', async () => {
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('navigation', { name: LOCALES.en.nav.menu }).waitFor();
    await expect.poll(() => bannerState(page)).toBe('offline');
    const api = await page.evaluate(() =>
      fetch('/api/wallet', { headers: { 'x-client': 'member-wallet' } }).then(
        (answer) => `answered ${answer.status}`,
        () => 'failed',
      ),
    );
    expect(api).toBe('failed');
    for (const locale of ALL) {
      await chooseLanguage(page, locale);
      await page.getByRole('status').filter({ hasText: LOCALES[locale].connection.offline }).waitFor();
      await fontsReady(page);
      await screenshot(page, `pwa-offline-${locale}`);
    }
    await context.setOffline(false);
    await expect.poll(() => bannerState(page)).not.toBe('offline');
    await page.getByTestId('wallet-amount').waitFor();
  });

  it('offers to install on the browser\'s beforeinstallprompt: on the home (put away for good) and the profile', async () => {
    const offer = () =>
      page.evaluate(() => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => void ((window as unknown as { prompted: number }).prompted = ((window as unknown as { prompted?: number }).prompted ?? 0) + 1),
          userChoice: Promise.resolve({ outcome: 'accepted' as const }),
        });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    expect(await page.getByTestId('install-card').count()).toBe(0);
    expect(await offer()).toBe(true);
    const card = page.getByTestId('install-card');
    for (const locale of ALL) {
      await chooseLanguage(page, locale);
      const t = LOCALES[locale].pwa;
      await card.getByRole('heading', { name: t.installTitle }).waitFor();
      const install = card.getByRole('button', { name: t.install });
      const close = card.getByRole('button', { name: t.dismiss });
      for (const target of [install, close]) {
        const box = (await target.boundingBox())!;
        expect(Math.round(box.height)).toBeGreaterThanOrEqual(44);
        expect(Math.round(box.width)).toBeGreaterThanOrEqual(44);
      }
      await card.scrollIntoViewIfNeeded();
      await fontsReady(page);
      await screenshot(page, `pwa-install-card-${locale}`);
    }
    await card.getByRole('button', { name: LOCALES.en.pwa.dismiss }).click();
    expect(await card.count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('installCardDismissed'))).toBe('1');

    await page.getByTestId('menu-profile').click();
    const onProfile = page.getByTestId('install-card');
    await onProfile.getByRole('button', { name: LOCALES.en.pwa.install }).click();
    expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
    // Accepted: installed, so the card goes.
    await expect.poll(() => onProfile.count()).toBe(0);
  });

  it('subscribes from the profile, and a sandbox QR paid sends the deposit-credited push in the member\'s language, which the worker shows', async () => {
    const service = await localPushService();
    try {
      // This device's keys, as a browser makes them; the payload is encrypted to them.
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const device = { endpoint: `${service.base}/push/device-1`, p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') };
      await context.grantPermissions(['notifications']);
      // Headless Chromium has no push service: its PushManager hands out this device's subscription.
      await page.addInitScript((d) => {
        let held: PushSubscription | null = null;
        PushManager.prototype.getSubscription = async () => held;
        PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
          const fake = {
            endpoint: d.endpoint,
            expirationTime: null,
            options: { userVisibleOnly: true, applicationServerKey: options?.applicationServerKey ?? null },
            toJSON: () => ({ endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } }),
            unsubscribe: async () => ((held = null), true),
            getKey: () => null,
          };
          held = fake as unknown as PushSubscription;
          return held;
        };
      }, device);
      await page.reload();
      const row = page.getByTestId('profile-notifications');
      const toggle = row.getByRole('switch');
      await expect.poll(() => row.getAttribute('data-state'), { timeout: 15_000 }).toBe('off');
      for (const locale of ALL) {
        await chooseLanguage(page, locale);
        await row.getByText(LOCALES[locale].profile.notifications.off).waitFor();
        expect(Math.round((await toggle.boundingBox())!.height)).toBeGreaterThanOrEqual(44);
        await row.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await fontsReady(page);
        await screenshot(page, `push-opt-in-${locale}`);
      }
      // The member reads Lao: the pushes come in Lao.
      await chooseLanguage(page, 'la');
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/push/subscription') && r.request().method() === 'PUT');
      await toggle.click();
      expect((await saved).status()).toBe(200);
      await expect.poll(() => row.getAttribute('data-state')).toBe('on');
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      // The switch slides over (a 0.2 s transition) before the picture.
      await expect.poll(() => toggle.locator('.notifications__thumb').evaluate((el) => getComputedStyle(el).transform)).toBe('matrix(1, 0, 0, 1, 20, 0)');
      await fontsReady(page);
      await screenshot(page, 'push-opt-in-la-on');

      // A QR deposit of 100, paid in the sandbox.
      const auth = { authorization: `Bearer ${token}` };
      const qr = await api<{ qrcodeId: string }>('POST', '/api/qrcode/KBANK', { amount: 100 }, auth);
      expect(qr.status, JSON.stringify(qr.body)).toBe(200);
      expect((await api('POST', `/api/sandbox/qrcode/${qr.body.qrcodeId}/pay`, {})).status).toBe(200);
      await expect.poll(() => service.received.length, { timeout: 15_000 }).toBe(1);
      const [push] = service.received;
      expect(push.path).toBe('/push/device-1');
      expect(String(push.headers.authorization)).toMatch(/^vapid t=/);
      const payload = JSON.parse(ece.decrypt(push.body, { version: 'aes128gcm', privateKey: ecdh, authSecret }).toString('utf8')) as { title: string; body: string; url: string; tag: string };
      expect(payload.title).toBe(LOCALES.la.push.deposit.credited.title);
      expect(payload.body).toContain('100.00');
      expect(payload).toMatchObject({ url: '/user/home', tag: 'deposit' });
      // The sandbox shows what was sent.
      const outbox = await api<{ messages: { title: string }[] }>('GET', '/api/sandbox/push');
      expect(outbox.body.messages.some((m) => m.title === payload.title)).toBe(true);

      // The browser hands the push to our worker (as its push service would), which shows it.
      const cdp = await context.newCDPSession(page);
      const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
        cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string }[] }) => resolve(event.registrations)),
      );
      await cdp.send('ServiceWorker.enable');
      const registration = (await registrations).find((r) => r.scopeURL === url('/'))!;
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(url('/')).origin, registrationId: registration.registrationId, data: JSON.stringify(payload) });
      await expect.poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title}|${n.body}|${n.tag}`)), { timeout: 10_000 })
        .toEqual([`${payload.title}|${payload.body}|deposit`]);
      await cdp.detach();
      await chooseLanguage(page, 'en');
    } finally {
      await service.close();
    }
  });

  it('tells an iPhone how: Share, then Add to Home Screen', async () => {
    const iphone = await pwaContext({ userAgent: IPHONE_SAFARI, serviceWorkers: 'block' });
    try {
      const p = await iphone.newPage();
      await openAsMember(p, token, 'en', '/user/profile');
      const hint = p.getByTestId('install-hint-ios');
      for (const locale of ALL) {
        await chooseLanguage(p, locale);
        await hint.getByText(LOCALES[locale].pwa.iosHint).waitFor();
        expect(await hint.getByRole('button').count()).toBe(0);
        await hint.scrollIntoViewIfNeeded();
        await fontsReady(p);
        await screenshot(p, `pwa-iphone-hint-${locale}`);
      }
      expect(await p.locator('meta[name="apple-mobile-web-app-title"]').getAttribute('content')).toBe(LOCALES.en.pwa.shortName);
    } finally {
      await iphone.close();
    }
  });

  it('offers a new deploy, and takes it on a tap: the page reloads under the new worker', async () => {
    // A copy of the build on a server of its own, so that its worker can change.
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'member-wallet-pwa-'));
    fs.cpSync(path.join(ROOT, 'dist'), copy, { recursive: true });
    const server = await startClientServer(copy);
    const deploy = await pwaContext({ baseURL: server.baseURL });
    try {
      const p = await deploy.newPage();
      await p.goto('/login');
      await p.getByRole('heading', { level: 1 }).waitFor();
      await workerReady(p);
      await p.reload();
      expect((await workerReady(p)).controlled).toBe(true);
      expect(await p.getByTestId('app-update').count()).toBe(0);

      // The next deploy: other bytes in sw.js (the compressed copies go, or they would be sent).
      for (const stale of ['sw.js.br', 'sw.js.gz']) fs.rmSync(path.join(copy, stale), { force: true });
      fs.appendFileSync(path.join(copy, 'sw.js'), '\n// the next deploy\n');
      await p.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      const prompt = p.getByTestId('app-update');
      for (const locale of ['en', 'la', 'th'] as Locale[]) {
        await chooseLanguage(p, locale);
        await prompt.getByText(LOCALES[locale].pwa.updateReady).waitFor({ timeout: 20_000 });
        expect(await prompt.getAttribute('role')).toBe('status');
        const update = prompt.getByRole('button', { name: LOCALES[locale].pwa.update });
        expect(Math.round((await update.boundingBox())!.height)).toBeGreaterThanOrEqual(44);
        await fontsReady(p);
        await screenshot(p, `pwa-update-${locale}`);
      }
      const waiting = await p.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting !== null);
      expect(waiting).toBe(true);
      const reloaded = p.waitForEvent('load');
      await prompt.getByRole('button', { name: LOCALES.th.pwa.update }).click();
      await reloaded;
      await p.getByRole('heading', { level: 1 }).waitFor();
      const after = await p.evaluate(async () => {
        const registration = (await navigator.serviceWorker.getRegistration())!;
        return { waiting: registration.waiting !== null, active: registration.active?.state, controlled: navigator.serviceWorker.controller !== null };
      });
      expect(after).toEqual({ waiting: false, active: 'activated', controlled: true });
      expect(await p.getByTestId('app-update').count()).toBe(0);
    } finally {
      await deploy.close();
      await server.close();
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
