import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { LOCALES, type Locale } from '../../contract/constants';
import { manifestHref, webManifest, type ManifestWords } from './webManifest';

/**
 * Build-time plugins of the installable app (issue 32), used by vite.config.ts. They run in Node.
 */

const manifestSource = (root: string, locale: Locale) => {
  const catalogue = JSON.parse(fs.readFileSync(path.resolve(root, 'locales', `${locale}.json`), 'utf8')) as { pwa: ManifestWords };
  return `${JSON.stringify(webManifest(locale, catalogue.pwa), null, 2)}\n`;
};

/**
 * /manifest-th.webmanifest, /manifest-la.webmanifest and /manifest-en.webmanifest: the app's name
 * in each language (locales/*.json, `pwa`), written by the build and answered by the dev server.
 */
export const webManifests = (): Plugin => {
  let root = process.cwd();
  return {
    name: 'web-manifests',
    configResolved: (config) => {
      root = config.root;
    },
    configureServer: (server) => {
      server.middlewares.use((req, res, next) => {
        const locale = LOCALES.find((l) => req.url === manifestHref(l));
        if (!locale) return next();
        res.setHeader('content-type', 'application/manifest+json');
        res.end(manifestSource(root, locale));
      });
    },
    generateBundle() {
      for (const locale of LOCALES) {
        this.emitFile({ type: 'asset', fileName: manifestHref(locale).slice(1), source: manifestSource(root, locale) });
      }
    },
  };
};

/**
 * Pages a phone on a slow line should not download ahead for the service worker's precache: the
 * operators' console, the sandbox's demo game, and the three.js prize showcase (a quarter of a
 * megabyte gzipped, shown only for a prize, with a static fallback). Their chunks, and the chunks
 * only they import, are cached when first used instead (src/client/sw.ts).
 */
export const OPTIONAL_PAGES = [/\/src\/client\/admin\/AdminApp\.tsx$/, /\/src\/client\/game\/DemoGameScreen\.tsx$/, /\/src\/client\/scene\/prize\/PrizeCoin3D\.tsx$/];

type ChunkMeta = Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> } };

/**
 * The built files the member app can reach from index.html without passing through an optional
 * page: each chunk's static and dynamic imports, their CSS and the assets (fonts) the CSS names.
 */
export const memberFiles = (bundle: Rollup.OutputBundle, optional: RegExp[] = OPTIONAL_PAGES): Set<string> => {
  const chunks = Object.values(bundle).filter((item): item is ChunkMeta => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const isOptional = (chunk: ChunkMeta) => chunk.facadeModuleId !== null && optional.some((page) => page.test(chunk.facadeModuleId!));
  const reached = new Set<string>();
  const visit = (chunk: ChunkMeta | undefined) => {
    if (!chunk || reached.has(chunk.fileName) || isOptional(chunk)) return;
    reached.add(chunk.fileName);
    for (const file of [...(chunk.viteMetadata?.importedCss ?? []), ...(chunk.viteMetadata?.importedAssets ?? [])]) reached.add(file);
    for (const file of [...chunk.imports, ...chunk.dynamicImports]) visit(byFile.get(file));
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk);
  // Fonts are named by the CSS files, not by the chunks: a CSS file the member app loads brings its fonts.
  for (const item of Object.values(bundle)) {
    if (item.type !== 'asset' || !reached.has(item.fileName) || !item.fileName.endsWith('.css')) continue;
    const css = typeof item.source === 'string' ? item.source : Buffer.from(item.source).toString('utf8');
    for (const match of css.matchAll(/url\(\/?(assets\/[^)"']+)\)/g)) reached.add(match[1]);
  }
  return reached;
};

/**
 * Learns, at the end of the build, which hashed files the member app needs: `precacheFilter`
 * then keeps only those (and every file outside /assets/: index.html, icons, manifests) in the
 * service worker's precache list (vite-plugin-pwa's injectManifest.manifestTransforms).
 */
export const precacheScope = () => {
  let member = new Set<string>();
  const plugin: Plugin = {
    name: 'precache-scope',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        member = memberFiles(bundle);
      },
    },
  };
  const precacheFilter = <T extends { url: string }>(entries: T[]) => ({
    manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || member.has(entry.url)),
    warnings: [] as string[],
  });
  return { plugin, precacheFilter };
};
