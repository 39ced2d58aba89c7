import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  chunkOf,
  describeFigure,
  ENTRY,
  gzipSize,
  KB,
  pageFigures,
  readManifest,
  staticClosure,
  stringsChunks,
  type Manifest,
} from '../bench/bundleBudget';
import { launchChromium, phoneContext, ROOT, url } from './harness';

/**
 * The login page must not download the canvas engines (ARCHITECTURE "Client"): Pixi and three
 * load on demand, with the member area. This reads the manifest of the build the harness made
 * (`vite build` in its global setup) and checks the entry chunk of index.html and every chunk it
 * imports statically; and holds the pages to their JavaScript budget (issue 18,
 * tests/bench/bundleBudget.ts, also `npm run budget`).
 */

const DIST = path.join(ROOT, 'dist');
const SERVICE_WORKER = 'src/client/pwa/serviceWorker.ts';
/** The guest's chat button, loaded once /login is idle (shells/PublicShell.tsx). */
const CHAT_LAUNCHER = 'src/client/chat/ChatLauncher.tsx';
const manifest = () => readManifest(DIST);

const code = (chunks: Manifest, keys: Iterable<string>) =>
  [...keys].map((key) => fs.readFileSync(path.join(DIST, chunks[key].file), 'utf8')).join('\n');

// Strings only these libraries carry: Pixi's log prefix, three's namespaced warnings, and the
// transport errors of socket.io's client (the chat).
const PIXI = /PixiJS (Error|Warning|Deprecation)/;
const THREE = /THREE\.(WebGLRenderer|Object3D|WebGLProgram|Material)/;
const SOCKET_IO = /xhr poll error|websocket error/;

describe('bundle', () => {
  it('keeps Pixi, three and the chat out of the login page', () => {
    const chunks = manifest();
    const entry = chunks[ENTRY];
    expect(entry?.isEntry).toBe(true);
    const loaded = pageFigures(DIST).find((figure) => figure.page === '/login')!.chunks;
    expect(loaded.has(ENTRY)).toBe(true);
    const text = code(chunks, loaded);
    expect(text).not.toMatch(PIXI);
    expect(text).not.toMatch(THREE);
    expect(text).not.toMatch(SOCKET_IO);
    expect([...loaded].some((key) => /pixi|three|chat|socket/i.test(key))).toBe(false);
    // The markers are real: the chat widget's closure does carry socket.io.
    expect(code(chunks, staticClosure(chunks, chunkOf(chunks, 'src/client/chat/ChatWidget.tsx')))).toMatch(SOCKET_IO);
  });

  it('loads the lobby, and Pixi with it, through a dynamic import only', () => {
    const chunks = manifest();
    const lobby = 'src/client/scene/lobby/Lobby.tsx';
    expect(chunks[lobby], 'the lobby is a chunk of its own').toBeDefined();
    // The markers above are real: the lobby's own closure does carry Pixi.
    expect(code(chunks, staticClosure(chunks, lobby))).toMatch(PIXI);
    const importers = Object.entries(chunks).filter(([, c]) => c.dynamicImports?.includes(lobby)).map(([key]) => key);
    expect(importers).toEqual([chunkOf(chunks, 'src/client/screens/HomeScreen.tsx')]);
    expect(Object.values(chunks).some((c) => c.imports?.includes(lobby))).toBe(false);
  });

  it('loads the spin wheel (Pixi) and the prize coin (three) on demand, each in its own chunk', () => {
    const chunks = manifest();
    const wheel = 'src/client/scene/wheel/WheelCanvas.tsx';
    const coin = 'src/client/scene/prize/PrizeCoin3D.tsx';
    const page = 'src/client/spin/SpinScreen.tsx';
    for (const key of [wheel, coin, page]) expect(chunks[key], `${key} is a chunk of its own`).toBeDefined();
    expect(code(chunks, staticClosure(chunks, wheel))).toMatch(PIXI);
    expect(code(chunks, staticClosure(chunks, coin))).toMatch(THREE);
    // The spin page itself paints before either engine arrives.
    const pageCode = code(chunks, staticClosure(chunks, page));
    expect(pageCode).not.toMatch(THREE);
    for (const key of [wheel, coin]) expect(Object.values(chunks).some((c) => c.imports?.includes(key))).toBe(false);
    expect(Object.entries(chunks).filter(([, c]) => c.dynamicImports?.includes(coin)).map(([key]) => key)).toEqual([page]);
  });
});

describe('JavaScript budget (issue 18)', () => {
  it('keeps /login within 121 KB and the home within 400 KB of gzipped JavaScript', () => {
    const figures = pageFigures(DIST);
    expect(figures.map((figure) => figure.page)).toEqual(['/login', 'home']);
    for (const figure of figures) expect(figure.bytes, describeFigure(figure)).toBeLessThanOrEqual(figure.budgetKb * KB);
  });

  describe('in the browser', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('/login downloads no script the budget does not count, and one start of a language', async () => {
      const chunks = manifest();
      const login = pageFigures(DIST).find((figure) => figure.page === '/login')!;
      const starts = stringsChunks(chunks, 'start');
      const counted = new Set([...staticClosure(chunks, ENTRY), ...starts.flatMap((key) => [...staticClosure(chunks, key)])].map((key) => chunks[key].file));

      const context = await phoneContext(browser);
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (pathname.endsWith('.js')) scripts.push(pathname.slice(1));
      });
      await page.goto('/login', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      await context.close();

      // Issue 32: the service worker's registration and the guest's chat button load once the page
      // is idle, after it works; both are small, and XState and the new-version notice come only
      // with a new version, the chat's live part with the visitor's first touch.
      const afterIdle = [...new Set([SERVICE_WORKER, CHAT_LAUNCHER].flatMap((key) => [...staticClosure(chunks, chunkOf(chunks, key))]))].map((key) => chunks[key].file).filter((file) => !counted.has(file));
      const afterIdleBytes = afterIdle.reduce((sum, file) => sum + gzipSize(DIST, file), 0);
      console.log(`/login after idle (service worker registration, chat button): ${(afterIdleBytes / KB).toFixed(1)} KB gzip`);
      expect(afterIdleBytes).toBeLessThanOrEqual(7 * KB);
      expect(scripts.filter((file) => !counted.has(file) && !afterIdle.includes(file))).toEqual([]);
      expect(scripts.filter((file) => starts.some((key) => chunks[key].file === file))).toHaveLength(1);
      const downloaded = scripts.filter((file) => !afterIdle.includes(file)).reduce((sum, file) => sum + gzipSize(DIST, file), 0);
      expect(downloaded).toBeLessThanOrEqual(login.bytes);
    });
  });
});

describe('site icon', () => {
  it('answers /favicon.ico and /favicon.svg with our icon, linked from every page', async () => {
    const ico = await fetch(url('/favicon.ico'));
    expect(ico.status).toBe(200);
    const bytes = Buffer.from(await ico.arrayBuffer());
    // An ICO header (reserved 0, type 1) with 3 images, each a PNG.
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 3]);
    expect(bytes.subarray(bytes.readUInt32LE(6 + 12), bytes.readUInt32LE(6 + 12) + 4).toString('latin1')).toBe('\x89PNG');
    const svg = await fetch(url('/favicon.svg'));
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toMatch(/^<svg /);
    for (const page of ['/login', '/user/home', '/sandbox/game/PG']) {
      const html = await (await fetch(url(page), { headers: { accept: 'text/html' } })).text();
      expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
      expect(html).toContain('<link rel="icon" href="/favicon.ico"');
    }
  });
});
