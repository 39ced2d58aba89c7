/**
 * `npm run howto:record`: records the five tutorials of /howto from the product itself, in th,
 * la and en, into assets/howto/<language>/ (WebM, MP4, JPEG poster, and captions in th, la and
 * en), and their timings into assets/howto/clips.json. Rerun it when the screens change.
 *
 * Builds the client (unless SKIP_BUILD=1), starts the real server in sandbox mode on a free port
 * with a fresh data directory (tests/e2e/harness.ts), and for each clip registers a new member
 * and prepares their money through the sandbox (./tutorials.ts), then drives Debian's Chromium at
 * 390×844 through the steps at a person's pace with a visible touch, and encodes what the
 * screen showed with Debian's ffmpeg (./encode.ts). Not part of CI: it takes a few minutes.
 *
 *   npm run howto:record -- --only wallet,endBonus --lang th   (some clips; the others are kept)
 *   npm run howto:captions                                      (captions again from locales/, no recording)
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { LOCALES, type Locale } from '../../src/contract/constants';
import { HOWTO_VIDEOS, type HowtoTopic } from '../../src/client/screens/howto/videos';
import { buildClient, fontsReady, launchChromium, phoneContext, screenshot, startServer, setServerForScripts } from '../e2e/harness';
import { openAsMember } from '../e2e/support';
import { clipBase, readManifest, writeCaptions, writeManifest, type ManifestCue } from './captions';
import { encodeClip, probeSeconds } from './encode';
import { Clip, DEVICE_SCALE, TOUCH_MARK_SCRIPT, run } from './recorder';
import { RetryWithNewMember, TUTORIALS, newMember, type Tutorial } from './tutorials';

const { values: options } = parseArgs({
  options: {
    only: { type: 'string' },
    lang: { type: 'string' },
    'captions-only': { type: 'boolean', default: false },
  },
});
const topics = (options.only?.split(',') ?? HOWTO_VIDEOS.map((v) => v.topic)) as HowtoTopic[];
const languages = (options.lang?.split(',') ?? [...LOCALES]) as Locale[];
for (const topic of topics) if (!HOWTO_VIDEOS.some((v) => v.topic === topic)) throw new Error(`no tutorial ${topic}`);
for (const language of languages) if (!LOCALES.includes(language)) throw new Error(`no language ${language}`);

/** The browser's own language and region for each of ours (dates and numbers the way a phone there shows them). */
const BROWSER_LOCALE: Record<Locale, string> = { th: 'th-TH', la: 'lo-LA', en: 'en-US' };
const ATTEMPTS = 6;

const manifest = readManifest();
const seconds3 = (ms: number) => Math.round(ms) / 1000;

if (options['captions-only']) {
  for (const [language, clips] of Object.entries(manifest) as [Locale, NonNullable<(typeof manifest)[Locale]>][]) {
    for (const [topic, clip] of Object.entries(clips) as [HowtoTopic, { cues: ManifestCue[]; seconds: number; version: string }][]) {
      clip.version = writeCaptions(language, topic, clip.cues);
    }
  }
  writeManifest(manifest);
  console.log('captions written from locales/ for every clip in assets/howto/clips.json');
  process.exit(0);
}

await run('ffmpeg', ['-version']).catch(() => {
  throw new Error('ffmpeg is needed: apt-get install -y ffmpeg');
});
const clientDir = await buildClient('dist');
const server = await startServer({}, 'howto-server.log');
setServerForScripts(server.baseURL);
const browser = await launchChromium();
console.log(`howto: recording on ${server.baseURL} from ${clientDir}`);

/** The screen the clip opens on has loaded and settled: what it shows is final, fonts and the lobby's canvas are drawn. */
async function settled(page: Page, tutorial: Tutorial) {
  if (tutorial.path === '/user/home') {
    await page.getByTestId('total-balance').filter({ hasText: /\d/ }).waitFor({ timeout: 20_000 });
    // The lobby starts as the games near the screen; the clip then scrolls back to its start.
    await page.getByTestId('home-games').scrollIntoViewIfNeeded();
    await page.locator('.lobby__stage[data-ready="true"]').waitFor({ timeout: 30_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('last-sync').and(page.locator(':not([data-age="reading"])')).waitFor({ timeout: 20_000 });
  } else {
    await page.locator('main h1').waitFor();
    await page.getByTestId('held-bonus').or(page.getByTestId('promotion-code')).first().waitFor({ timeout: 20_000 });
  }
  await fontsReady(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))).then(() => undefined));
}

async function record(tutorial: Tutorial, language: Locale) {
  let member;
  for (let attempt = 1; ; attempt++) {
    member = await newMember(language);
    try {
      await tutorial.prepare(member);
      break;
    } catch (error) {
      if (!(error instanceof RetryWithNewMember) || attempt >= ATTEMPTS) throw error;
      console.log(`howto: ${language} ${tutorial.topic}: ${error.message}; a new member tries again`);
    }
  }

  // The browser visits the server by the name its game links use (the demo provider's links say localhost), so the
  // game's tab shares the wallet's origin and stored language, as a site with one address does.
  const baseURL = server.baseURL.replace('127.0.0.1', 'localhost');
  const context: BrowserContext = await phoneContext(browser, { baseURL, locale: BROWSER_LOCALE[language], deviceScaleFactor: DEVICE_SCALE });
  const problems: string[] = [];
  context.on('weberror', (error) => problems.push(`page error: ${error.error().message}`));
  context.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  await context.addInitScript(TOUCH_MARK_SCRIPT);
  try {
    const page = await context.newPage();
    await openAsMember(page, member.token, language, tutorial.path);
    await settled(page, tutorial);
    const clip = new Clip(context, page);
    await clip.start();
    await clip.pause(300);
    await tutorial.perform(clip, member, language);
    const taken = await clip.stop();

    const base = clipBase(language, tutorial.topic);
    fs.mkdirSync(base.slice(0, base.lastIndexOf('/')), { recursive: true });
    await encodeClip(taken.frames, taken.seconds, taken.posterAt, base);
    const seconds = Math.min(taken.seconds, await probeSeconds(`${base}.mp4`));
    const cues = taken.cues.map((cue) => ({ step: cue.step, start: seconds3(cue.start), end: Math.min(seconds3(cue.end), seconds) }));
    const version = writeCaptions(language, tutorial.topic, cues);
    manifest[language] = { ...manifest[language], [tutorial.topic]: { seconds: Math.round(seconds * 1000) / 1000, version, cues } };
    writeManifest(manifest);
    const kb = (ext: string) => Math.round(fs.statSync(`${base}.${ext}`).size / 1024);
    console.log(`howto: ${language} ${tutorial.topic}: ${seconds.toFixed(1)} s, ${taken.frames.length} frames, webm ${kb('webm')} KB, mp4 ${kb('mp4')} KB, jpg ${kb('jpg')} KB`);
    for (const problem of problems) console.log(`howto: ${language} ${tutorial.topic}: ${problem}`);
  } catch (error) {
    // What the screen showed when a step failed, for whoever reruns it.
    for (const [i, page] of context.pages().entries()) await screenshot(page, `howto-failed-${language}-${tutorial.topic}-${i}`).catch(() => undefined);
    for (const problem of problems) console.log(`howto: ${language} ${tutorial.topic}: ${problem}`);
    throw error;
  } finally {
    await context.close();
  }
}

try {
  for (const language of languages) {
    for (const tutorial of TUTORIALS.filter((t) => topics.includes(t.topic))) await record(tutorial, language);
  }
} finally {
  await browser.close();
  await server.stop();
}
// The built client names each clip by its version (clips.json): built again with the new ones.
await buildClient('dist');
console.log('howto: done; assets/howto/ and clips.json are ready to commit');
