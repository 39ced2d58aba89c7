/**
 * The demo slot's sounds, synthesised here as tiny 16-bit mono WAV files (no recorded audio):
 * a ratchet while the reels run, a thunk as each reel stops, a rising chime on a win. Pure
 * functions make the bytes; `GameSounds` plays them with howler, muted until the player turns
 * sound on (and no audio context exists before that).
 */

export const SAMPLE_RATE = 22_050;

/** A WAV file of `seconds` of audio whose samples (-1..1) come from `sample(t)`. */
export function synthesizeWav(seconds: number, sample: (t: number) => number, sampleRate = SAMPLE_RATE): Uint8Array {
  const frames = Math.round(seconds * sampleRate);
  const bytes = new Uint8Array(44 + frames * 2);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) => [...value].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + frames * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true); // PCM header size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  text(36, 'data');
  view.setUint32(40, frames * 2, true);
  for (let i = 0; i < frames; i++) {
    const value = Math.max(-1, Math.min(1, sample(i / sampleRate)));
    view.setInt16(44 + i * 2, Math.round(value * 32_767), true);
  }
  return bytes;
}

const tone = (frequency: number, t: number) => Math.sin(2 * Math.PI * frequency * t);
const decay = (t: number, rate: number) => Math.exp(-t * rate);

/** Clicks every 60 ms for half a second, like a reel's ratchet. */
export const spinWav = () =>
  synthesizeWav(0.5, (t) => {
    const since = t % 0.06;
    return 0.35 * decay(since, 90) * (tone(1_800, since) + 0.5 * tone(900, since));
  });

/** A short low thump for a reel coming to rest. */
export const stopWav = () => synthesizeWav(0.12, (t) => 0.6 * decay(t, 35) * tone(140 - 200 * t, t));

/** A rising arpeggio (C E G C) with a soft bell tone. */
export const winWav = () =>
  synthesizeWav(0.7, (t) => {
    const notes = [523.25, 659.25, 783.99, 1_046.5];
    const index = Math.min(notes.length - 1, Math.floor(t / 0.11));
    const since = t - index * 0.11;
    return 0.3 * decay(since, 6) * (tone(notes[index], since) + 0.3 * tone(notes[index] * 2, since));
  });

export function wavDataUrl(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:audio/wav;base64,${btoa(binary)}`;
}

export type SoundName = 'spin' | 'stop' | 'win';
const MAKERS: Record<SoundName, () => Uint8Array> = { spin: spinWav, stop: stopWav, win: winWav };

/** The game's sound board: silent while muted; howler and the sounds load on first unmute. */
export class GameSounds {
  private muted = true;
  private sounds: Promise<Record<SoundName, { play(): unknown; stop(): unknown }>> | null = null;

  setMuted(muted: boolean) {
    this.muted = muted;
    if (!muted && !this.sounds) {
      this.sounds = import('howler').then(({ Howl }) => {
        const make = (name: SoundName) => new Howl({ src: [wavDataUrl(MAKERS[name]())], format: ['wav'], volume: 0.6 });
        return { spin: make('spin'), stop: make('stop'), win: make('win') };
      });
    }
    if (muted) void this.sounds?.then((all) => Object.values(all).forEach((s) => s.stop()));
  }

  play(name: SoundName) {
    if (this.muted || !this.sounds) return;
    void this.sounds.then((all) => {
      if (!this.muted) all[name].play();
    });
  }
}
