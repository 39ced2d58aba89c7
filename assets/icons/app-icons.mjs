// Makes the installed app's icons (issue 32) from the site's own mark (favicon.svg, generate.mjs):
// a gold coin with a diamond on the lobby's night purple. Our own drawing, no one else's logo.
//   icon-192.png, icon-512.png        purpose "any": the mark on its rounded square, as the favicon
//   icon-maskable-192/512.png         purpose "maskable": full-bleed purple, the coin inside the
//                                     middle 80% (the safe zone a launcher's mask never cuts)
//   apple-touch-icon.png (180)        iOS rounds the corners itself and blackens transparency: full bleed
// Run: node assets/icons/app-icons.mjs (writes assets/public/icons/, which Vite copies to /icons/)
import fs from 'node:fs';
import { circle, diamond, MARK, PURPLE, rasterise, roundedSquare, WHITE } from './mark.mjs';

const out = new URL('../public/icons/', import.meta.url);
const fullBleed = () => true;

/** The mark on its background; `scale` sizes the mark about the centre (the favicon's coin is 12 units of 16: 0.75 of the half-width). */
function draw(size, { background, scale, mark = MARK }) {
  const toMark = (v) => 16 + (v - 16) / scale;
  return rasterise(size, [[background, PURPLE], ...mark.map(([inside, colour]) => [(x, y) => inside(toMark(x), toMark(y)), colour])]);
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
