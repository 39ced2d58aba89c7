// Makes the site's icon: favicon.svg, and favicon.ico (one 32×32 PNG inside) for browsers and
// tools that ask for /favicon.ico. Our own drawing: a gold coin with a diamond on the lobby's
// night purple. Run: node assets/icons/generate.mjs (writes assets/public/, which Vite copies to the site's root)
import fs from 'node:fs';
import { PNG } from 'pngjs';

const here = new URL('../public/', import.meta.url);
const INK = [0x0b, 0x06, 0x17];
const PURPLE = [0x2a, 0x12, 0x4f];
const GOLD = [0xf5, 0xc4, 0x51];
const GOLD_DARK = [0xb9, 0x86, 0x1f];

// Shapes on a 32-unit canvas, drawn back to front; each says whether a point is inside.
const roundedSquare = (x, y) => {
  const r = 7, c = (v) => Math.min(Math.max(v, r), 32 - r);
  return Math.hypot(x - c(x), y - c(y)) <= r;
};
const circle = (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) <= r;
const diamond = (x, y) => Math.abs(x - 16) / 5 + Math.abs(y - 16) / 7 <= 1;
const layers = [
  [roundedSquare, PURPLE],
  [circle(16, 16, 12), GOLD],
  [circle(16, 16, 9.5), GOLD_DARK],
  [circle(16, 16, 8.5), GOLD],
  [diamond, INK],
];

function draw(size) {
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

/** An ICO file holding PNG images (every browser since IE 11 reads them). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, n) => {
    const e = 6 + 16 * n;
    header.writeUInt8(size >= 256 ? 0 : size, e);
    header.writeUInt8(size >= 256 ? 0 : size, e + 1);
    header.writeUInt16LE(1, e + 4);
    header.writeUInt16LE(32, e + 6);
    header.writeUInt32LE(data.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.data)]);
}

fs.writeFileSync(new URL('favicon.ico', here), ico([16, 32, 48].map((size) => ({ size, data: draw(size) }))));
fs.writeFileSync(
  new URL('favicon.svg', here),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="7" fill="#2a124f"/>
  <circle cx="16" cy="16" r="12" fill="#f5c451"/>
  <circle cx="16" cy="16" r="9" fill="none" stroke="#b9861f"/>
  <path d="M16 9l5 7-5 7-5-7z" fill="#0b0617"/>
</svg>
`,
);
