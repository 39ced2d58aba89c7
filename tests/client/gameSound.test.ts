import { describe, expect, it } from 'vitest';
import { SAMPLE_RATE, spinWav, stopWav, synthesizeWav, wavDataUrl, winWav } from '../../src/client/game/sound';

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));

describe('synthesised game sounds', () => {
  it('writes a 16-bit mono PCM WAV with the right sizes', () => {
    const bytes = synthesizeWav(0.01, () => 0.5, 8_000);
    const view = new DataView(bytes.buffer);
    expect(ascii(bytes, 0, 4)).toBe('RIFF');
    expect(ascii(bytes, 8, 8)).toBe('WAVEfmt ');
    expect(ascii(bytes, 36, 4)).toBe('data');
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(8_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(80 * 2);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(view.getInt16(44, true)).toBe(Math.round(0.5 * 32_767));
  });

  it('clips samples outside -1..1 instead of wrapping round', () => {
    const view = new DataView(synthesizeWav(0.001, (t) => (t === 0 ? 4 : -4), 8_000).buffer);
    expect(view.getInt16(44, true)).toBe(32_767);
    expect(view.getInt16(46, true)).toBe(-32_767);
  });

  it('keeps each sound short and small enough for a data URL', () => {
    for (const [make, seconds] of [[spinWav, 0.5], [stopWav, 0.12], [winWav, 0.7]] as const) {
      const bytes = make();
      expect(bytes.length).toBe(44 + Math.round(seconds * SAMPLE_RATE) * 2);
      expect(bytes.length).toBeLessThan(40_000);
      const url = wavDataUrl(bytes);
      expect(url.startsWith('data:audio/wav;base64,UklGR')).toBe(true);
      expect(Buffer.from(url.split(',')[1], 'base64').equals(Buffer.from(bytes))).toBe(true);
    }
  });
});
