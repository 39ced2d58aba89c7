import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import th from '../../locales/th.json';
import la from '../../locales/la.json';
import en from '../../locales/en.json';
import { START_SECTIONS } from '../../src/client/i18n/sections';

/**
 * The entry chunk's pages (/login, the logged-out shell, the status pages) render with only the
 * start of the member's language (src/client/i18n/sections.ts). This follows the client's static
 * imports from main.tsx, as the bundler does, and reads every key those modules translate.
 */
const CLIENT = path.resolve('src/client');

function entryModules(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = fs.readFileSync(file, 'utf8');
  // Static imports of our own modules; `import type` and `import()` bring no code along.
  for (const [, specifier] of source.matchAll(/^import (?!type )[^'";]*?from '(\.[^']+)';$/gm)) {
    const base = path.resolve(path.dirname(file), specifier);
    const next = ['.tsx', '.ts', '/index.ts'].map((ext) => base + ext).find((candidate) => fs.existsSync(candidate));
    if (next?.startsWith(CLIENT)) entryModules(next, seen);
  }
  return seen;
}

/**
 * Sections the entry chunk shows only once the rest of the strings came: `errors.*` after a call,
 * and a call first brings the rest (LoginScreen's prepareLogin); `live.*` while a live socket
 * connects again (ui/ConnectionBanner.tsx), and every socket comes with a page that brought the
 * rest (the member area, the chat widget: withAllStrings).
 */
const AFTER_A_CALL = ['errors', 'live'];

describe('the start of each language', () => {
  it('names sections every catalogue has', () => {
    for (const catalogue of [th, la, en]) {
      for (const section of START_SECTIONS) expect(Object.keys(catalogue)).toContain(section);
    }
  });

  it('holds every section the entry chunk translates', () => {
    const modules = [...entryModules(path.join(CLIENT, 'main.tsx'))];
    expect(modules.map((file) => path.relative(CLIENT, file))).toContain('screens/LoginScreen.tsx');
    const sections = new Set<string>();
    for (const file of modules) {
      for (const [, section] of fs.readFileSync(file, 'utf8').matchAll(/\bt\(['`]([A-Za-z]+)\./g)) sections.add(section);
    }
    const shown = [...sections].filter((section) => !AFTER_A_CALL.includes(section));
    expect(shown.length).toBeGreaterThan(3);
    for (const section of shown) expect(START_SECTIONS, section).toContain(section);
  });
});
