import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './harness';

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
});
