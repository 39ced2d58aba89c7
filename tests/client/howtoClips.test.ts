import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import la from '../../locales/la.json';
import th from '../../locales/th.json';
import { captionsTrackUrl, captionsVtt } from '../../src/client/screens/howto/captions';
import { CLIP_SECONDS, HOWTO_VIDEOS } from '../../src/client/screens/howto/videos';

describe('how-to captions', () => {
  it('are one WebVTT cue over the whole clip', () => {
    expect(captionsVtt('Your wallet', 4)).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:04.000\nYour wallet\n');
    expect(captionsVtt('a', 75.5)).toContain('00:00:00.000 --> 00:01:15.500');
  });

  it('escape the characters WebVTT reads as markup', () => {
    expect(captionsVtt('Deposit & <b>withdraw</b>')).toContain('Deposit &amp; &lt;b&gt;withdraw&lt;/b&gt;');
  });

  it('exist for every clip in th, la and en, in that language', () => {
    for (const [locale, script] of [[th, /[\u0E00-\u0E7F]/], [la, /[\u0E80-\u0EFF]/], [en, /^[\x20-\x7E]+$/]] as const) {
      for (const video of HOWTO_VIDEOS) {
        const text = (locale.howto.captions as Record<string, string>)[video.topic];
        expect(text, `${video.topic}`).toMatch(script);
        const vtt = decodeURIComponent(captionsTrackUrl(text).replace('data:text/vtt;charset=utf-8,', ''));
        expect(vtt).toBe(captionsVtt(text, CLIP_SECONDS));
      }
    }
  });
});
