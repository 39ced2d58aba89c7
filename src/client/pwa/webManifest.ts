import type { Locale } from '../../contract/constants';

/**
 * The installed app's web manifest, one per language (issue 32): the build writes
 * /manifest-<locale>.webmanifest (vite.config.ts), index.html links the build variant's, and the
 * client points the link at the member's language when it changes (./manifestLink.ts). Read by
 * the build in Node and by nothing else at run time but `manifestHref`.
 */

export const manifestHref = (locale: Locale): string => `/manifest-${locale}.webmanifest`;

/** The page's colours (styles/global.css --bg): the splash screen and the status bar match the app. */
export const APP_COLOURS = { theme: '#0b0617', background: '#0b0617' } as const;

export const APP_ICONS = {
  any192: '/icons/icon-192.png',
  any512: '/icons/icon-512.png',
  maskable192: '/icons/icon-maskable-192.png',
  maskable512: '/icons/icon-maskable-512.png',
  appleTouch: '/icons/apple-touch-icon.png',
  badge: '/icons/badge-96.png',
} as const;

/** The words a manifest takes from locales/<locale>.json's `pwa` section. */
export interface ManifestWords {
  name: string;
  shortName: string;
  description: string;
}

// locales/la.json joins Lao words with U+2060 for line breaking in the page (format/laoWords.ts);
// a launcher's label has no use for it.
const plain = (text: string) => text.replaceAll('\u2060', '');

/** HTML's tag for our locale: Lao is 'lo' (i18n/locale.ts). */
const langTag = (locale: Locale) => (locale === 'la' ? 'lo' : locale);

export const webManifest = (locale: Locale, words: ManifestWords) => ({
  // The same app in every language: one id, so a member who switches language installs it once.
  id: '/',
  name: plain(words.name),
  short_name: plain(words.shortName),
  description: plain(words.description),
  lang: langTag(locale),
  dir: 'ltr',
  start_url: '/user/home',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: APP_COLOURS.theme,
  background_color: APP_COLOURS.background,
  icons: [
    { src: APP_ICONS.any192, sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: APP_ICONS.any512, sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: APP_ICONS.maskable192, sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: APP_ICONS.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
});
