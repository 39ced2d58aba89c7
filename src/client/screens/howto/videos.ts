import clips from '../../../../assets/howto/clips.json';
import { LOCALES, type Locale } from '../../../contract/constants';
import { htmlLang } from '../../i18n/locale';

/**
 * The five tutorials of SPEC section 2, recorded from the product in each language by
 * `npm run howto:record` (tests/howto/record.ts) into assets/howto/<language>/, served under
 * /assets/. The API has no lookup for their addresses.
 */
export const HOWTO_VIDEOS = [
  { topic: 'wallet', file: 'wallet' },
  { topic: 'enterGame', file: 'enter-game' },
  { topic: 'checkBalance', file: 'check-balance' },
  { topic: 'receiveBonus', file: 'receive-bonus' },
  { topic: 'endBonus', file: 'end-bonus' },
] as const;

export type HowtoVideo = (typeof HOWTO_VIDEOS)[number];
export type HowtoTopic = HowtoVideo['topic'];

/** From the recorder's manifest: a version per clip that changes with its files, so no browser keeps an old one (assets are cached for a day). */
const versions = clips as Partial<Record<Locale, Partial<Record<HowtoTopic, { version: string }>>>>;

const url = (locale: Locale, video: HowtoVideo, ext: string) => {
  const version = versions[locale]?.[video.topic]?.version;
  return `/assets/howto/${locale}/${video.file}.${ext}${version ? `?v=${version}` : ''}`;
};

/** The clip recorded in the member's language: VP9 first, H.264 for the browsers without it. */
export const videoSources = (video: HowtoVideo, locale: Locale) => [
  { src: url(locale, video, 'webm'), type: 'video/webm' },
  { src: url(locale, video, 'mp4'), type: 'video/mp4' },
];
export const videoPoster = (video: HowtoVideo, locale: Locale) => url(locale, video, 'jpg');

/** Its captions in every language, the member's first and shown by default. */
export const captionTracks = (video: HowtoVideo, locale: Locale) =>
  [locale, ...LOCALES.filter((other) => other !== locale)].map((captions) => ({
    locale: captions,
    srcLang: htmlLang(captions),
    src: url(locale, video, `${captions}.vtt`),
    isDefault: captions === locale,
  }));
