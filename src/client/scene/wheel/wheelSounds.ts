import { readLocal, writeLocal } from '../../auth/storage';
import { synthesizeWav, wavDataUrl, winWav } from '../../game/sound';

/**
 * The wheel's sounds, synthesised here (no recorded audio): a short wooden tick for each slice
 * that passes the pointer, pitched up with the wheel's speed, and the game's rising chime on a
 * win. howler and the sounds load on the first sound played; the mute choice is remembered.
 */

const MUTED_KEY = 'spin.muted';

/** A click: a burst of a high partial and a body tone, gone in 40 ms. */
export const tickWav = () =>
  synthesizeWav(0.04, (t) => 0.5 * Math.exp(-t * 160) * (Math.sin(2 * Math.PI * 2_400 * t) + 0.6 * Math.sin(2 * Math.PI * 700 * t)));

/** Playback rate for a tick at `speed` radians per second: quicker and higher while it flies. */
export const tickRate = (speed: number) => Math.min(1.6, 0.85 + Math.max(0, speed) / 25);

interface Playable {
  play(): number;
  rate(rate: number, id?: number): unknown;
}

export class WheelSounds {
  private muted = readLocal(MUTED_KEY) === 'true';
  private sounds: Promise<{ tick: Playable; win: Playable }> | null = null;

  isMuted() {
    return this.muted;
  }

  setMuted(muted: boolean) {
    this.muted = muted;
    writeLocal(MUTED_KEY, String(muted));
  }

  private load() {
    this.sounds ??= import('howler').then(({ Howl }) => ({
      tick: new Howl({ src: [wavDataUrl(tickWav())], format: ['wav'], volume: 0.5 }),
      win: new Howl({ src: [wavDataUrl(winWav())], format: ['wav'], volume: 0.6 }),
    }));
    return this.sounds;
  }

  tick(speed: number) {
    if (this.muted) return;
    void this.load().then(({ tick }) => {
      const id = tick.play();
      tick.rate(tickRate(speed), id);
    });
  }

  win() {
    if (this.muted) return;
    void this.load().then(({ win }) => win.play());
  }
}
