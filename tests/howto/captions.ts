import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LOCALES as LOCALE_NAMES, type Locale } from '../../src/contract/constants';
import en from '../../locales/en.json';
import la from '../../locales/la.json';
import th from '../../locales/th.json';
import { HOWTO_VIDEOS, type HowtoTopic } from '../../src/client/screens/howto/videos';

/**
 * The tutorials' captions and their manifest (assets/howto/clips.json): when each step of each
 * clip starts and ends, as the recorder saw it. The words are the locales' (`howto.steps.<topic>`),
 * so a caption's text changes without recording again (`npm run howto:captions`), and its timing
 * stays the recording's. Shared by the recorder and the test that keeps the files in step.
 */

export const HOWTO_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), '../../assets/howto');
export const MANIFEST = path.join(HOWTO_DIR, 'clips.json');

export interface ManifestCue {
  step: string;
  start: number;
  end: number;
}
export interface ManifestClip {
  seconds: number;
  /** Changes with any of the clip's files, so a browser never keeps an old clip or caption. */
  version: string;
  cues: ManifestCue[];
}
export type Manifest = Record<Locale, Record<HowtoTopic, ManifestClip>>;

export const readManifest = (): Partial<Record<Locale, Partial<Record<HowtoTopic, ManifestClip>>>> =>
  fs.existsSync(MANIFEST) ? JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) : {};

/** The steps of a topic in the order the locales list them, and their words in a language. */
export const stepTexts = (captionLocale: Locale, topic: HowtoTopic): Record<string, string> =>
  ({ th, la, en }[captionLocale].howto.steps as Record<HowtoTopic, Record<string, string>>)[topic];

const timestamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, size = 2) => String(n).padStart(size, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** Cue text is markup in WebVTT: '&', '<' and '>' are written as entities. */
const cueText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A WebVTT file with one cue a step, named by the step. */
export const captionsVtt = (cues: readonly ManifestCue[], texts: Record<string, string>): string =>
  `WEBVTT\n${cues.map((cue) => `\n${cue.step}\n${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${cueText(texts[cue.step])}\n`).join('')}`;

/** Where a clip's files live: assets/howto/<language>/<file>. */
export const clipBase = (locale: Locale, topic: HowtoTopic) =>
  path.join(HOWTO_DIR, locale, HOWTO_VIDEOS.find((v) => v.topic === topic)!.file);

/** A clip's files: the video in two formats, its poster, and its captions in every language. */
export const clipFiles = (locale: Locale, topic: HowtoTopic): string[] => {
  const base = clipBase(locale, topic);
  return [...['webm', 'mp4', 'jpg'].map((ext) => `${base}.${ext}`), ...LOCALE_NAMES.map((captions) => `${base}.${captions}.vtt`)];
};

/** A short hash of all of a clip's files: the clip's version in its addresses. */
export const clipVersion = (locale: Locale, topic: HowtoTopic): string => {
  const hash = createHash('sha256');
  for (const file of clipFiles(locale, topic)) hash.update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 10);
};

/** Writes a clip's caption files (one per caption language) and answers its version. */
export function writeCaptions(locale: Locale, topic: HowtoTopic, cues: readonly ManifestCue[]): string {
  const base = clipBase(locale, topic);
  for (const captionLocale of LOCALE_NAMES) fs.writeFileSync(`${base}.${captionLocale}.vtt`, captionsVtt(cues, stepTexts(captionLocale, topic)));
  return clipVersion(locale, topic);
}

export const writeManifest = (manifest: Partial<Record<Locale, Partial<Record<HowtoTopic, ManifestClip>>>>) =>
  fs.writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
