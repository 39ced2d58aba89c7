// The site's mark, shared by generate.mjs (the favicon) and app-icons.mjs (the installed app's
// icons): a gold coin with a diamond on the lobby's night purple, as shapes on a 32-unit canvas,
// and the rasteriser both draw it with.
import { PNG } from 'pngjs';

export const INK = [0x0b, 0x06, 0x17];
export const PURPLE = [0x2a, 0x12, 0x4f];
export const GOLD = [0xf5, 0xc4, 0x51];
export const GOLD_DARK = [0xb9, 0x86, 0x1f];
export const WHITE = [0xff, 0xff, 0xff];

// Shapes on a 32-unit canvas; each says whether a point is inside.
export const roundedSquare = (x, y) => {
  const r = 7, c = (v) => Math.min(Math.max(v, r), 32 - r);
  return Math.hypot(x - c(x), y - c(y)) <= r;
};
export const circle = (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) <= r;
export const diamond = (x, y) => Math.abs(x - 16) / 5 + Math.abs(y - 16) / 7 <= 1;

/** The coin and its diamond, back to front. */
export const MARK = [
  [circle(16, 16, 12), GOLD],
  [circle(16, 16, 9.5), GOLD_DARK],
  [circle(16, 16, 8.5), GOLD],
  [diamond, INK],
];

/**
 * A PNG of `size` pixels of the 32-unit canvas: layers `[inside, colour]` drawn back to front (a
 * null colour cuts a hole), 4×4 samples a pixel.
 */
export function rasterise(size, layers) {
  const png = new PNG({ width: size, height: size });
  const samples = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) * 32) / size;
          const y = ((py + (sy + 0.5) / samples) * 32) / size;
          let colour = null;
          for (const [inside, c] of layers) if (inside(x, y)) colour = c;
          if (colour) { r += colour[0]; g += colour[1]; b += colour[2]; a += 1; }
        }
      }
      const i = (py * size + px) * 4;
      png.data[i] = a ? Math.round(r / a) : 0;
      png.data[i + 1] = a ? Math.round(g / a) : 0;
      png.data[i + 2] = a ? Math.round(b / a) : 0;
      png.data[i + 3] = Math.round((a / (samples * samples)) * 255);
    }
  }
  return PNG.sync.write(png);
}
