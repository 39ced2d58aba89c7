#!/usr/bin/env node
// Writes the lobby's game art: for each provider a card background (<CODE>-bg.svg, 300×211,
// the card's own size) and a logo (<CODE>-logo.svg, 240×96). Original abstract art: gradients,
// shapes and the provider's name as plain text; no provider's real logo is used.
// Usage: node assets/games/generate.mjs   (rewrites the SVGs beside this file)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** code, name on the logo, colours (dark, mid, light, accent) and the background motif. */
const PROVIDERS = [
  ['JOKER', 'JOKER', ['#2b0a3d', '#7b1fa2', '#e040fb', '#ffd54f'], 'diamonds'],
  ['PG', 'PG SOFT', ['#061a3a', '#1565c0', '#4fc3f7', '#ffca28'], 'rings'],
  ['PGSLOT', 'PG SLOT', ['#0b2a2a', '#00897b', '#64ffda', '#ffe082'], 'waves'],
  ['SLOTXO', 'SLOTXO', ['#3a0606', '#c62828', '#ff8a65', '#ffe57f'], 'rays'],
  ['SUPERSLOT', 'SUPERSLOT', ['#1a1040', '#512da8', '#9575cd', '#ffd740'], 'stars'],
  ['AREASLOT', 'AREA SLOT', ['#10230a', '#2e7d32', '#9ccc65', '#fff176'], 'hexes'],
  ['SLOTRACHA', 'SLOT RACHA', ['#2e1500', '#e65100', '#ffb74d', '#fff59d'], 'crown'],
  ['JOKER2', 'JOKER 2', ['#230a2e', '#ad1457', '#f48fb1', '#ffe082'], 'diamonds'],
  ['IMI', 'IMI', ['#07202e', '#0277bd', '#81d4fa', '#ffd54f'], 'grid'],
  ['SEXYGAME', 'SEXY GAMING', ['#2a0010', '#b0003a', '#ff5c8d', '#ffd180'], 'rings'],
  ['BETFLIX', 'BETFLIX', ['#1c0000', '#b71c1c', '#ef5350', '#ffcc80'], 'rays'],
  ['ASKMEBET', 'ASKMEBET', ['#001f24', '#00838f', '#4dd0e1', '#ffe082'], 'pitch'],
  ['UFABET', 'UFABET', ['#0d1b00', '#558b2f', '#aed581', '#ffee58'], 'pitch'],
  ['USUN', 'USUN', ['#2b1a00', '#ff8f00', '#ffd54f', '#fff8e1'], 'sun'],
  ['CIRCUS', 'CIRCUS', ['#2a0a0a', '#d32f2f', '#ffab91', '#fff176'], 'stripes'],
  ['HUAYHD', 'HUAY HD', ['#0a1030', '#283593', '#7986cb', '#ffd54f'], 'balls'],
];

const W = 300;
const H = 211;

/** A small deterministic random from the code, so the art is stable between runs. */
const rng = (seed) => {
  let s = [...seed].reduce((a, c) => (a * 31 + c.charCodeAt(0)) >>> 0, 7);
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
};

const motifs = {
  diamonds: (c, r) =>
    Array.from({ length: 14 }, () => {
      const x = r() * W, y = r() * H, s = 8 + r() * 22;
      return `<path d="M${x} ${y - s}L${x + s * 0.7} ${y}L${x} ${y + s}L${x - s * 0.7} ${y}Z" fill="${r() > 0.5 ? c[2] : c[3]}" opacity="${(0.12 + r() * 0.25).toFixed(2)}"/>`;
    }).join(''),
  rings: (c, r) =>
    Array.from({ length: 7 }, (_, i) => `<circle cx="${(230 + r() * 40).toFixed(1)}" cy="${(40 + r() * 30).toFixed(1)}" r="${30 + i * 26}" fill="none" stroke="${i % 2 ? c[2] : c[3]}" stroke-width="${4 + i}" opacity="${(0.28 - i * 0.03).toFixed(2)}"/>`).join(''),
  waves: (c) =>
    Array.from({ length: 6 }, (_, i) => {
      const y = 60 + i * 28;
      return `<path d="M0 ${y} C60 ${y - 30} 120 ${y + 30} 180 ${y} S300 ${y - 30} 300 ${y}" fill="none" stroke="${i % 2 ? c[2] : c[3]}" stroke-width="6" opacity="${(0.3 - i * 0.03).toFixed(2)}"/>`;
    }).join(''),
  rays: (c) =>
    Array.from({ length: 12 }, (_, i) => {
      const a = (i / 12) * Math.PI * 2, b = a + Math.PI / 24;
      const p = (ang) => `${(150 + Math.cos(ang) * 260).toFixed(1)} ${(105 + Math.sin(ang) * 260).toFixed(1)}`;
      return `<path d="M150 105L${p(a)}L${p(b)}Z" fill="${i % 2 ? c[2] : c[3]}" opacity="0.14"/>`;
    }).join(''),
  stars: (c, r) =>
    Array.from({ length: 12 }, () => {
      const x = r() * W, y = r() * H, s = 5 + r() * 14;
      const pts = Array.from({ length: 10 }, (_, k) => {
        const a = (k / 10) * Math.PI * 2 - Math.PI / 2, rad = k % 2 ? s * 0.42 : s;
        return `${(x + Math.cos(a) * rad).toFixed(1)},${(y + Math.sin(a) * rad).toFixed(1)}`;
      }).join(' ');
      return `<polygon points="${pts}" fill="${c[3]}" opacity="${(0.2 + r() * 0.35).toFixed(2)}"/>`;
    }).join(''),
  hexes: (c) => {
    const out = [];
    for (let row = 0; row < 6; row++)
      for (let col = 0; col < 9; col++) {
        const x = col * 36 + (row % 2) * 18, y = row * 31 + 10, s = 16;
        const pts = Array.from({ length: 6 }, (_, k) => `${(x + Math.cos((k * Math.PI) / 3 + Math.PI / 6) * s).toFixed(1)},${(y + Math.sin((k * Math.PI) / 3 + Math.PI / 6) * s).toFixed(1)}`).join(' ');
        out.push(`<polygon points="${pts}" fill="none" stroke="${(row + col) % 3 ? c[2] : c[3]}" stroke-width="2" opacity="0.22"/>`);
      }
    return out.join('');
  },
  crown: (c) =>
    `<path d="M40 170L60 80L110 130L150 60L190 130L240 80L260 170Z" fill="${c[3]}" opacity="0.16"/>` +
    `<path d="M70 190L80 120L120 150L150 100L180 150L220 120L230 190Z" fill="${c[2]}" opacity="0.14"/>`,
  grid: (c) =>
    Array.from({ length: 11 }, (_, i) => `<line x1="${i * 30}" y1="0" x2="${i * 30 - 80}" y2="${H}" stroke="${c[2]}" stroke-width="2" opacity="0.16"/>`).join('') +
    Array.from({ length: 8 }, (_, i) => `<line x1="0" y1="${i * 30}" x2="${W}" y2="${i * 30}" stroke="${c[3]}" stroke-width="1.5" opacity="0.12"/>`).join(''),
  pitch: (c) =>
    `<rect x="20" y="24" width="260" height="163" rx="6" fill="none" stroke="${c[2]}" stroke-width="4" opacity="0.3"/>` +
    `<line x1="150" y1="24" x2="150" y2="187" stroke="${c[2]}" stroke-width="4" opacity="0.3"/>` +
    `<circle cx="150" cy="105" r="34" fill="none" stroke="${c[3]}" stroke-width="4" opacity="0.3"/>` +
    `<rect x="20" y="70" width="34" height="70" fill="none" stroke="${c[2]}" stroke-width="4" opacity="0.25"/>` +
    `<rect x="246" y="70" width="34" height="70" fill="none" stroke="${c[2]}" stroke-width="4" opacity="0.25"/>`,
  sun: (c) =>
    `<circle cx="150" cy="230" r="150" fill="${c[3]}" opacity="0.16"/><circle cx="150" cy="230" r="110" fill="${c[2]}" opacity="0.2"/><circle cx="150" cy="230" r="70" fill="${c[3]}" opacity="0.25"/>`,
  stripes: (c) =>
    Array.from({ length: 12 }, (_, i) => `<path d="M${i * 30 - 40} 0L${i * 30 - 10} 0L${i * 30 + 60} ${H}L${i * 30 + 30} ${H}Z" fill="${i % 2 ? c[3] : c[2]}" opacity="0.13"/>`).join(''),
  balls: (c, r) =>
    Array.from({ length: 9 }, () => {
      const x = (r() * W).toFixed(1), y = (r() * H).toFixed(1), s = (10 + r() * 18).toFixed(1);
      return `<circle cx="${x}" cy="${y}" r="${s}" fill="${r() > 0.5 ? c[3] : c[2]}" opacity="0.22"/><circle cx="${x}" cy="${y}" r="${(Number(s) * 0.45).toFixed(1)}" fill="#ffffff" opacity="0.18"/>`;
    }).join(''),
};

const background = (code, c, motif) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${c[1]}"/><stop offset="0.65" stop-color="${c[0]}"/><stop offset="1" stop-color="#07030f"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.35" r="0.6">
      <stop offset="0" stop-color="${c[2]}" stop-opacity="0.45"/><stop offset="1" stop-color="${c[2]}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/>
    </linearGradient>
    <clipPath id="card"><rect width="${W}" height="${H}" rx="20"/></clipPath>
  </defs>
  <g clip-path="url(#card)">
    <rect width="${W}" height="${H}" fill="url(#g)"/>
    <rect width="${W}" height="${H}" fill="url(#glow)"/>
    ${motifs[motif](c, rng(code))}
    <rect width="${W}" height="${H}" fill="url(#shade)"/>
  </g>
  <rect x="1.5" y="1.5" width="${W - 3}" height="${H - 3}" rx="19" fill="none" stroke="${c[3]}" stroke-opacity="0.55" stroke-width="3"/>
</svg>
`;

const logo = (name, c) => {
  const size = name.length > 9 ? 30 : name.length > 6 ? 36 : 44;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="96" viewBox="0 0 240 96">
  <defs>
    <linearGradient id="t" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff"/><stop offset="0.5" stop-color="${c[3]}"/><stop offset="1" stop-color="${c[2]}"/>
    </linearGradient>
  </defs>
  <path d="M120 6L136 20H104Z M120 90L104 76H136Z" fill="${c[3]}" opacity="0.85"/>
  <text x="120" y="${48 + size * 0.36}" text-anchor="middle" font-family="DejaVu Sans, Verdana, Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" letter-spacing="1" fill="url(#t)" stroke="${c[0]}" stroke-width="2.5" paint-order="stroke">${name}</text>
</svg>
`;
};

for (const [code, name, colours, motif] of PROVIDERS) {
  fs.writeFileSync(path.join(here, `${code}-bg.svg`), background(code, colours, motif));
  fs.writeFileSync(path.join(here, `${code}-logo.svg`), logo(name, colours));
}
console.log(`${PROVIDERS.length * 2} SVGs written to ${here}`);
