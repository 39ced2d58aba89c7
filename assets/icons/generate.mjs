// Makes the site's icon: favicon.svg, and favicon.ico (one 32×32 PNG inside) for browsers and
// tools that ask for /favicon.ico. Our own drawing: a gold coin with a diamond on the lobby's
// night purple. Run: node assets/icons/generate.mjs (writes assets/public/, which Vite copies to the site's root)
import fs from 'node:fs';
import { MARK, PURPLE, rasterise, roundedSquare } from './mark.mjs';

const here = new URL('../public/', import.meta.url);
const draw = (size) => rasterise(size, [[roundedSquare, PURPLE], ...MARK]);

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
