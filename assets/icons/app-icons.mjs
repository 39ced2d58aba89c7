// Makes the installed app's icons (issue 32) from the site's own mark (favicon.svg, generate.mjs):
// a gold coin with a diamond on the lobby's night purple. Our own drawing, no one else's logo.
//   icon-192.png, icon-512.png        purpose "any": the mark on its rounded square, as the favicon
//   icon-maskable-192/512.png         purpose "maskable": full-bleed purple, the coin inside the
//                                     middle 80% (the safe zone a launcher's mask never cuts)
//   apple-touch-icon.png (180)        iOS rounds the corners itself and blackens transparency: full bleed
// Run: node assets/icons/app-icons.mjs (writes assets/public/icons/, which Vite copies to /icons/)
import fs from 'node:fs';
import { PNG } from 'pngjs';

const out = new URL('../public/icons/', import.meta.url);
const INK = [0x0b, 0x06, 0x17];
const PURPLE = [0x2a, 0x12, 0x4f];
const GOLD = [0xf5, 0xc4, 0x51];
const GOLD_DARK = [0xb9, 0x86, 0x1f];
const WHITE = [0xff, 0xff, 0xff];

const roundedSquare = (x, y) => {
  const r = 7, c = (v) => Math.min(Math.max(v, r), 32 - r);
  return Math.hypot(x - c(x), y - c(y)) <= r;
};
const fullBleed = () => true;
const circle = (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) <= r;
const diamond = (x, y) => Math.abs(x - 16) / 5 + Math.abs(y - 16) / 7 <= 1;
const MARK = [
  [circle(16, 16, 12), GOLD],
  [circle(16, 16, 9.5), GOLD_DARK],
  [circle(16, 16, 8.5), GOLD],
  [diamond, INK],
];

/**
 * The mark on a 32-unit canvas, drawn back to front, 4×4 samples a pixel. `scale` sizes the mark
 * about the centre (the favicon's coin is 12 units of 16: 0.75 of the half-width).
 */
function draw(size, { background, scale, mark = MARK }) {
  const png = new PNG({ width: size, height: size });
  const samples = 4;
  const toMark = (v) => 16 + (v - 16) / scale;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) * 32) / size;
          const y = ((py + (sy + 0.5) / samples) * 32) / size;
          let colour = background(x, y) ? PURPLE : null;
          for (const [inside, c] of mark) if (inside(toMark(x), toMark(y))) colour = c; // null: a hole
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

// Maskable: the coin's radius 0.3 of the size, inside the safe zone's 0.4 with room to spare.
const ICONS = [
  ['icon-192.png', 192, { background: roundedSquare, scale: 1 }],
  ['icon-512.png', 512, { background: roundedSquare, scale: 1 }],
  ['icon-maskable-192.png', 192, { background: fullBleed, scale: 0.8 }],
  ['icon-maskable-512.png', 512, { background: fullBleed, scale: 0.8 }],
  ['apple-touch-icon.png', 180, { background: fullBleed, scale: 0.9 }],
  // The notification badge: Android shows only its alpha, so a white coin with the diamond cut out.
  ['badge-96.png', 96, { background: () => false, scale: 1.25, mark: [[circle(16, 16, 12), WHITE], [diamond, null]] }],
];

fs.mkdirSync(out, { recursive: true });
for (const [name, size, options] of ICONS) fs.writeFileSync(new URL(name, out), draw(size, options));
