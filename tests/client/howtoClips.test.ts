import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/contract/constants';
import { HOWTO_VIDEOS, captionTracks, videoPoster, videoSources } from '../../src/client/screens/howto/videos';
import { HOWTO_DIR, captionsVtt, clipBase, clipFiles, clipVersion, readManifest, stepTexts } from '../howto/captions';

/**
 * The recorded tutorials (`npm run howto:record`, too slow for CI) as /howto serves them: every
 * language has all five clips with a poster and captions in th, la and en; the captions' words
 * are the locales' and their timings the recording's, one cue a step, end to end; the files are
 * the formats and sizes the screen promises.
 */

const manifest = readManifest();
const KB = 1024;

/** An MP4's top-level boxes in order, and the movie header's length in seconds. */
function readMp4(file: string) {
  const data = fs.readFileSync(file);
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= data.length; ) {
    const size = data.readUInt32BE(at);
    boxes.push(data.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  const mvhd = data.indexOf('mvhd', 0, 'latin1');
  const version = data[mvhd + 4];
  const timescale = data.readUInt32BE(mvhd + (version === 1 ? 24 : 16));
  const duration = version === 1 ? Number(data.readBigUInt64BE(mvhd + 28)) : data.readUInt32BE(mvhd + 20);
  // avcC: configurationVersion, then AVCProfileIndication (66 = Baseline).
  const avcC = data.indexOf('avcC', 0, 'latin1');
  return { boxes, seconds: duration / timescale, profile: data[avcC + 5] };
}

describe('how-to clips', () => {
  it.each(LOCALES)('are all there in %s: video, poster and captions in every language, recorded and timed', (locale) => {
    for (const video of HOWTO_VIDEOS) {
      const clip = manifest[locale]?.[video.topic];
      expect(clip, `${locale} ${video.topic} is not in assets/howto/clips.json: npm run howto:record`).toBeDefined();
      for (const file of clipFiles(locale, video.topic)) expect(fs.existsSync(file), file).toBe(true);

      // One cue a step, in the locales' order, from the first frame to the last with no gap or overlap.
      const steps = Object.keys(stepTexts(locale, video.topic));
      expect(clip!.cues.map((cue) => cue.step)).toEqual(steps);
      expect(clip!.cues[0].start).toBe(0);
      clip!.cues.forEach((cue, i) => {
        expect(cue.end, `${video.topic} ${cue.step}`).toBeGreaterThan(cue.start + 0.5);
        if (i > 0) expect(cue.start).toBe(clip!.cues[i - 1].end);
      });
      expect(clip!.cues.at(-1)!.end).toBe(clip!.seconds);

      // The words are the locales' now: after a caption's text changes, `npm run howto:captions` writes them again.
      for (const captions of LOCALES) {
        const vtt = fs.readFileSync(`${clipBase(locale, video.topic)}.${captions}.vtt`, 'utf8');
        expect(vtt, `${locale}/${video.file}.${captions}.vtt differs from locales/: npm run howto:captions`).toBe(captionsVtt(clip!.cues, stepTexts(captions, video.topic)));
      }
      expect(clip!.version, 'the version names the files as they are').toBe(clipVersion(locale, video.topic));
    }
  });

  it.each(LOCALES)('in %s are short, small WebM (VP9), MP4 (H.264 baseline, moov first) and JPEG files as long as their captions', (locale) => {
    for (const video of HOWTO_VIDEOS) {
      const base = clipBase(locale, video.topic);
      const clip = manifest[locale]![video.topic]!;
      expect(clip.seconds).toBeGreaterThanOrEqual(8);
      expect(clip.seconds).toBeLessThanOrEqual(40);

      const mp4 = readMp4(`${base}.mp4`);
      expect(mp4.boxes.indexOf('moov'), 'faststart').toBeLessThan(mp4.boxes.indexOf('mdat'));
      expect(mp4.profile).toBe(66);
      expect(Math.abs(mp4.seconds - clip.seconds), `${video.file}.mp4 lasts ${mp4.seconds} s`).toBeLessThan(0.25);

      const webm = fs.readFileSync(`${base}.webm`);
      expect(webm.readUInt32BE(0)).toBe(0x1a45dfa3);
      expect(webm.includes('V_VP9', 0, 'latin1')).toBe(true);
      expect(fs.readFileSync(`${base}.jpg`).readUInt16BE(0)).toBe(0xffd8);

      for (const ext of ['webm', 'mp4']) expect(fs.statSync(`${base}.${ext}`).size, `${video.file}.${ext}`).toBeLessThan(800 * KB);
      expect(fs.statSync(`${base}.jpg`).size).toBeLessThan(80 * KB);
    }
  });

  it('weigh under 10 MB together', () => {
    const sizes = fs.readdirSync(HOWTO_DIR, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => fs.statSync(path.join(entry.parentPath, entry.name)).size);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(10 * 1024 * KB);
  });
});

describe('the how-to screen', () => {
  it("plays the clip of the member's language, versioned so that a new recording is fetched", () => {
    const wallet = HOWTO_VIDEOS[0];
    const version = manifest.la!.wallet!.version;
    expect(videoSources(wallet, 'la')).toEqual([
      { src: `/assets/howto/la/wallet.webm?v=${version}`, type: 'video/webm' },
      { src: `/assets/howto/la/wallet.mp4?v=${version}`, type: 'video/mp4' },
    ]);
    expect(videoPoster(wallet, 'la')).toBe(`/assets/howto/la/wallet.jpg?v=${version}`);
  });

  it("offers captions in th, la and en, the member's language first and shown", () => {
    const endBonus = HOWTO_VIDEOS[4];
    const version = manifest.th!.endBonus!.version;
    expect(captionTracks(endBonus, 'th')).toEqual([
      { locale: 'th', srcLang: 'th', src: `/assets/howto/th/end-bonus.th.vtt?v=${version}`, isDefault: true },
      { locale: 'la', srcLang: 'lo', src: `/assets/howto/th/end-bonus.la.vtt?v=${version}`, isDefault: false },
      { locale: 'en', srcLang: 'en', src: `/assets/howto/th/end-bonus.en.vtt?v=${version}`, isDefault: false },
    ]);
    expect(captionTracks(endBonus, 'la').map((track) => track.locale)).toEqual(['la', 'th', 'en']);
  });

  it('escapes the characters WebVTT reads as markup', () => {
    expect(captionsVtt([{ step: 'a', start: 0, end: 75.5 }], { a: 'Deposit & <b>withdraw</b>' })).toBe(
      'WEBVTT\n\na\n00:00:00.000 --> 00:01:15.500\nDeposit &amp; &lt;b&gt;withdraw&lt;/b&gt;\n',
    );
  });
});
