import { CLIP_SECONDS } from './videos';

const timestamp = (seconds: number) => {
  const whole = Math.floor(seconds);
  const ms = Math.round((seconds - whole) * 1000);
  const pad = (n: number, size = 2) => String(n).padStart(size, '0');
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}.${pad(ms, 3)}`;
};

/** Cue text is markup in WebVTT: '&' and '<' are written as entities. */
const cueText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A WebVTT file with one cue over the whole clip. */
export const captionsVtt = (text: string, seconds: number = CLIP_SECONDS): string =>
  `WEBVTT\n\n1\n${timestamp(0)} --> ${timestamp(seconds)}\n${cueText(text)}\n`;

/**
 * The clips carry no words of their own language (ffmpeg cannot draw Thai or Lao), so the
 * player's language comes as a captions track. A data: URL: the text lives in locales/ and
 * needs no file of its own or any cleanup (the page's CSP allows data: media).
 */
export const captionsTrackUrl = (text: string): string => `data:text/vtt;charset=utf-8,${encodeURIComponent(captionsVtt(text))}`;
