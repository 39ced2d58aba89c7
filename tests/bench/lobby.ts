/**
 * `npm run bench:lobby`: the home's lobby canvas in headless Chromium (SwiftShader WebGL) at
 * 390×844, 2×. Prints, one line per figure:
 *   - frames the canvas drew per second while a finger swipes a carousel (aim: at least 55),
 *   - frames it drew per second from the release until the carousel rested (inertia and snap),
 *   - the resolution the moving frames were drawn at, and the one at rest (MotionResolution),
 *   - frames it drew in BENCH_IDLE_SECONDS with nothing moving, before and after the swipes (aim: 0),
 *   - how long the deposit dialog takes to open with the lobby on the page (median of 5).
 * A frame counts as drawn when WebGL draw calls happened since the previous animation frame
 * (the page's draw calls are counted by a script added before the app loads).
 *
 * Builds the client (unless SKIP_BUILD=1; BENCH_CLIENT_DIR serves another build, e.g. an older
 * commit's, for a before/after comparison), serves it with the API on 127.0.0.1 on a fresh
 * in-memory database, and stops by itself. The machine may be shared: the load average is
 * printed beside the figures.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../src/contract';
import { fundWallet, seedMember } from '../server/helpers/members';
import { startClientServer } from './client-server';
import { COUNT_DRAWN_FRAMES, drawnFrames, pageNow } from './drawnFrames';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLIENT_DIR = process.env.BENCH_CLIENT_DIR ?? path.join(ROOT, 'dist');
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 3);
const SWIPES = Number(process.env.BENCH_SWIPES ?? 4);
const SWIPE_MS = 1000;
const AIM_FPS = 55;

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (process.env.SKIP_BUILD !== '1' && !process.env.BENCH_CLIENT_DIR) {
  execFileSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
}

/** Taps the deposit widget; resolves with the milliseconds until a frame shows the dialog's first deposit account. */
const OPEN_DEPOSIT = `new Promise((resolve) => {
  const start = performance.now();
  document.querySelector('[data-testid="widget-deposit"]').click();
  const check = () => {
    if (document.querySelector('dialog[open] [data-testid="deposit-account"]')) requestAnimationFrame(() => resolve(performance.now() - start));
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`;

const now = pageNow;

async function framesDuring(page: Page, ms: number) {
  const from = await now(page);
  await sleep(ms);
  const to = await now(page);
  return (await drawnFrames(page)).filter((t) => t > from && t <= to).length;
}

/** One swipe across the slot row at about 60 touch moves a second; the drawn frames per second while held, and after. */
async function swipe(page: Page, cdp: CDPSession, direction: 1 | -1) {
  const box = await page.getByTestId('track-slot').evaluate((el) => {
    el.scrollIntoView({ block: 'center' });
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  const y = box.y + box.height / 2;
  const [fromX, toX] = direction === 1 ? [box.x + box.width - 30, box.x + 30] : [box.x + 30, box.x + box.width - 30];
  await sleep(300);
  const start = await now(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
  const began = Date.now();
  for (let elapsed = 0; elapsed < SWIPE_MS; elapsed = Date.now() - began) {
    // Back and forth along the row, as a finger does while browsing.
    const phase = (elapsed / SWIPE_MS) * 2;
    const along = phase < 1 ? phase : 2 - phase * 0.5;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: fromX + (toX - fromX) * Math.min(1, along), y }] });
    await sleep(16);
  }
  const released = await now(page);
  // Device pixels per CSS pixel of the canvas's last frame while held (MotionResolution may lower it).
  const resolution = await page.locator('.lobby__canvas canvas').evaluate((c: HTMLCanvasElement) => c.width / c.clientWidth);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  // Inertia and the snap take well under 3 s.
  await sleep(3000);
  const frames = await drawnFrames(page);
  const held = frames.filter((t) => t > start && t <= released);
  const after = frames.filter((t) => t > released);
  const afterSpan = after.length > 1 ? after[after.length - 1] - released : 0;
  return { heldFps: (held.length * 1000) / (released - start), afterFps: afterSpan > 0 ? (after.length * 1000) / afterSpan : 0, afterFrames: after.length, resolution };
}

/** Milliseconds from the tap on the deposit widget until the dialog's first deposit account is on screen. */
async function depositOpenMs(page: Page) {
  const ms = await page.evaluate<number>(OPEN_DEPOSIT);
  await page.keyboard.press('Escape');
  await page.locator('dialog[open]').waitFor({ state: 'detached' }).catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('dialog[open]'));
  await sleep(500);
  return ms;
}

const { app, baseURL, close } = await startClientServer(CLIENT_DIR);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--enable-unsafe-swiftshader'],
});

try {
  const member = await seedMember(app, { name: 'Bench Player' });
  await fundWallet(app, member.id, 1000);
  for (const code of ['JOKER', 'PG', 'SEXYGAME']) await app.wallet.games.activate(member.id, code);
  const headers = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, authorization: `Bearer ${member.token}` };
  const agreement = (await app.inject({ method: 'GET', url: '/api/account/agreement', headers })).json<{ version: number; accepted: boolean }>();
  if (!agreement.accepted) await app.inject({ method: 'POST', url: '/api/account/agreement', headers, payload: { version: agreement.version } });

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US', baseURL });
  await context.addInitScript(COUNT_DRAWN_FRAMES);
  await context.addInitScript((token) => {
    localStorage.setItem('token', token);
    localStorage.setItem('locale', 'en');
  }, member.token);
  const page = await context.newPage();
  await page.goto('/user/home');
  await page.locator('.lobby__stage[data-ready="true"]').waitFor({ timeout: 60_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.getByTestId('lobby').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await sleep(1500);
  console.log(`load average before (1, 5, 15 min, ${os.cpus().length} cores): ${load()}`);

  const idle = await framesDuring(page, IDLE_SECONDS * 1000);
  const cdp = await context.newCDPSession(page);
  const swipes = [];
  for (let i = 0; i < SWIPES; i++) swipes.push(await swipe(page, cdp, i % 2 === 0 ? 1 : -1));
  await cdp.detach();
  const idleAfter = await framesDuring(page, IDLE_SECONDS * 1000);

  const depositMs: number[] = [];
  await page.evaluate(() => window.scrollTo(0, 0));
  await sleep(500);
  for (let i = 0; i < 5; i++) depositMs.push(await depositOpenMs(page));

  const heldFps = median(swipes.map((s) => s.heldFps));
  const afterFps = median(swipes.map((s) => s.afterFps));
  console.log(`swipe: ${heldFps.toFixed(1)} frames/s drawn while the finger moves (median of ${SWIPES} swipes of ${SWIPE_MS} ms; each: ${swipes.map((s) => s.heldFps.toFixed(0)).join(', ')})`);
  const rested = await page.locator('.lobby__canvas canvas').evaluate((c: HTMLCanvasElement) => c.width / c.clientWidth);
  console.log(`resolution: moving frames drawn at ${swipes.map((s) => `${s.resolution}×`).join(', ')} (end of each swipe), ${rested}× at rest`);
  console.log(`inertia: ${afterFps.toFixed(1)} frames/s drawn from the release until the carousel rests (${swipes.map((s) => s.afterFrames).join(', ')} frames)`);
  console.log(`idle: ${idle} frames drawn in ${IDLE_SECONDS} s before the swipes, ${idleAfter} after`);
  console.log(`deposit dialog: opens in ${median(depositMs).toFixed(0)} ms with the lobby on the page (median of 5: ${depositMs.map((m) => m.toFixed(0)).join(', ')})`);
  console.log(`load average after: ${load()} (the machine is shared: other work lowers the frame rates)`);
  console.log(`aim (at least ${AIM_FPS} frames/s swiping, 0 frames idle): ${heldFps >= AIM_FPS && idle === 0 && idleAfter === 0 ? 'met' : 'not met'}`);
  await context.close();
} finally {
  await browser.close();
  await close();
}
