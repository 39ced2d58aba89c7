import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, url } from './harness';

/**
 * The login page must not download the canvas engines (ARCHITECTURE "Client"): Pixi and three
 * load on demand, with the member area. This reads the manifest of the build the harness made
 * (`vite build` in its global setup) and checks the entry chunk of index.html and every chunk it
 * imports statically.
 */

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const DIST = path.join(ROOT, 'dist');
const manifest = () => JSON.parse(fs.readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;

/** A chunk and everything it imports statically, as manifest keys. */
function staticClosure(chunks: Record<string, Chunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of chunks[key]?.imports ?? []) staticClosure(chunks, next, seen);
  return seen;
}

const code = (chunks: Record<string, Chunk>, keys: Iterable<string>) =>
  [...keys].map((key) => fs.readFileSync(path.join(DIST, chunks[key].file), 'utf8')).join('\n');

// Strings only these libraries carry: Pixi's log prefix, and three's namespaced warnings.
const PIXI = /PixiJS (Error|Warning|Deprecation)/;
const THREE = /THREE\.(WebGLRenderer|Object3D|WebGLProgram|Material)/;

describe('bundle', () => {
  it('keeps Pixi and three out of the login page', () => {
    const chunks = manifest();
    const entry = chunks['index.html'];
    expect(entry?.isEntry).toBe(true);
    const loaded = staticClosure(chunks, 'index.html');
    const text = code(chunks, loaded);
    expect(text).not.toMatch(PIXI);
    expect(text).not.toMatch(THREE);
    expect([...loaded].some((key) => /pixi|three/i.test(key))).toBe(false);
  });

  it('loads the lobby, and Pixi with it, through a dynamic import only', () => {
    const chunks = manifest();
    const lobby = 'src/client/scene/lobby/Lobby.tsx';
    expect(chunks[lobby], 'the lobby is a chunk of its own').toBeDefined();
    // The markers above are real: the lobby's own closure does carry Pixi.
    expect(code(chunks, staticClosure(chunks, lobby))).toMatch(PIXI);
    const importers = Object.entries(chunks).filter(([, c]) => c.dynamicImports?.includes(lobby)).map(([key]) => key);
    expect(importers).toEqual(['src/client/screens/HomeScreen.tsx']);
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
