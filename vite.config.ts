import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { START_SECTIONS } from './src/client/i18n/sections';
import { codeSplitting } from './src/client/build/codeSplitting';
import { precacheScope, webManifests } from './src/client/pwa/buildPlugins';

/**
 * index.html names the variant's language before any script runs (SPEC section 1: Lao for the
 * Laos build, otherwise Thai), as htmlLang of src/client/i18n/locale.ts writes it: Lao is "lo"
 * in HTML; and links that language's web manifest (issue 32). The script sets both again for a
 * stored choice.
 */
const variantLanguage = (country: string | undefined): Plugin => {
  const locale = country?.toUpperCase() === 'LA' ? 'la' : 'th';
  // The name iOS gives the app added to the home screen, in the variant's language.
  const appTitle = () => (JSON.parse(fs.readFileSync(path.resolve('locales', `${locale}.json`), 'utf8')) as { pwa: { shortName: string } }).pwa.shortName.replaceAll('\u2060', '');
  return {
    name: 'variant-language',
    transformIndexHtml: (html) =>
      html
        .replace(/<html lang="[^"]*">/, `<html lang="${locale === 'la' ? 'lo' : 'th'}">`)
        .replace(/\/manifest-[a-z]+\.webmanifest/, `/manifest-${locale}.webmanifest`)
        .replace(/(<meta name="apple-mobile-web-app-title" content=")[^"]*(")/, `$1${appTitle()}$2`),
  };
};

/**
 * `virtual:strings/<locale>-start` and `virtual:strings/<locale>-rest`: a language's catalogue
 * (locales/<locale>.json) in two chunks, the sections the first page shows (START_SECTIONS) and
 * the others, loaded by src/client/i18n/catalogues.ts.
 */
const stringsParts = (): Plugin => {
  let root = process.cwd();
  const inStart = (section: string) => (START_SECTIONS as readonly string[]).includes(section);
  return {
    name: 'strings-parts',
    configResolved: (config) => {
      root = config.root;
    },
    resolveId: (id) => (id.startsWith('virtual:strings/') ? `\0${id}` : undefined),
    load(id) {
      const match = /^\0virtual:strings\/([a-z]+)-(start|rest)$/.exec(id);
      if (!match) return undefined;
      const [, locale, part] = match;
      const file = path.resolve(root, 'locales', `${locale}.json`);
      this.addWatchFile(file);
      const catalogue = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      const sections = Object.entries(catalogue).filter(([section]) => inStart(section) === (part === 'start'));
      return `export default ${JSON.stringify(Object.fromEntries(sections))};`;
    },
  };
};

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Writes a .br and a .gz beside every text file of the build, which the server sends to a browser
 * that accepts them (@fastify/static's preCompressed): a phone on a slow network downloads the
 * /login page's JavaScript at about a quarter of its size, compressed once here rather than on
 * every request. Fonts and images are compressed already.
 */
const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every other plugin's closeBundle: the service worker (sw.js) is built there.
    closeBundle: { order: 'post', sequential: true, async handler() {
      const files = fs.readdirSync(outDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && /\.(js|mjs|css|html|svg|json|webmanifest|ico|txt)$/.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(files.map(async (file) => {
        const data = fs.readFileSync(file);
        if (data.length < 1024) return;
        const [gz, br] = await Promise.all([
          gzip(data, { level: 9 }),
          brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        ]);
        fs.writeFileSync(`${file}.gz`, gz);
        fs.writeFileSync(`${file}.br`, br);
      }));
    } },
  };
};

const precache = precacheScope();



/**
 * Issue 32, the installable app: the service worker is ours (src/client/sw.ts, injectManifest),
 * registered by the client itself after the page is idle (src/client/pwa/serviceWorker.ts) and
 * updated only when the member taps Update (registerType 'prompt'). The manifests are ours too
 * (webManifests: one per language). Its precache is the member app's shell and chunks, not the
 * console's nor the optional pages' (precacheScope).
 */
const installableApp = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/client',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['index.html', 'assets/*.{js,css,woff2}', 'icons/*.png', '*.webmanifest', 'favicon.svg'],
      manifestTransforms: [async (entries) => precache.precacheFilter(entries)],
      // Hashed files are cached by their name; the others (index.html, icons) by a revision.
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });

// The client is built into dist/ and served by the Fastify server (npm start), or served by
// Vite's dev server with /api and /socket.io proxied to the API (npm run dev).
export default defineConfig(({ mode }) => ({
  root: '.',
  base: '/',
  // Copied as they are to the site's root: the icon browsers ask for at /favicon.ico.
  publicDir: 'assets/public',
  plugins: [
    react(),
    stringsParts(),
    variantLanguage(loadEnv(mode, process.cwd(), 'VITE_').VITE_COUNTRY),
    webManifests(),
    precache.plugin,
    installableApp(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // Issue 32, the home on a slow phone. The contract's schemas (zod) are built as their module
      // runs: its modules have no other effect, so the member app keeps only the ones it reaches
      // (the console's schemas stay in the console's chunk: 40 KB less to build before the balance).
      treeshake: { manualPureFunctions: ['z'], moduleSideEffects: [{ test: /\/src\/contract\//, sideEffects: false }] },
      // The first page's code and the member home's in a file each (src/client/build/codeSplitting.ts).
      output: { codeSplitting: codeSplitting() },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/sandbox': {
        target: 'http://127.0.0.1:3000',
        // The demo game's page is the client's own route; other /sandbox pages are the API server's.
        bypass: (req) => (req.url?.startsWith('/sandbox/game/') && req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
      },
      '/socket.io': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
}));
