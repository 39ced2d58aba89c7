import { PNG } from 'pngjs';
import QRCode from 'qrcode';

/**
 * Draws the sandbox bank's transfer slip as a PNG: a few lines of text and the slip QR code.
 * The text uses a built-in 5×7 bitmap font (upper-case Latin, digits, a little punctuation),
 * so no font files or native image libraries are needed.
 */

const GLYPHS: Record<string, string[]> = {
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01110', '10001', '10000', '10000', '10000', '10001', '01110'],
  D: ['11100', '10010', '10001', '10001', '10001', '10010', '11100'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  G: ['01110', '10001', '10000', '10111', '10001', '10001', '01111'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  I: ['01110', '00100', '00100', '00100', '00100', '00100', '01110'],
  J: ['00111', '00010', '00010', '00010', '00010', '10010', '01100'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '10001', '11001', '10101', '10011', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  Q: ['01110', '10001', '10001', '10001', '10101', '10010', '01101'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  V: ['10001', '10001', '10001', '10001', '10001', '01010', '00100'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
  Z: ['11111', '00001', '00010', '00100', '01000', '10000', '11111'],
  ' ': ['00000', '00000', '00000', '00000', '00000', '00000', '00000'],
  '.': ['00000', '00000', '00000', '00000', '00000', '01100', '01100'],
  ',': ['00000', '00000', '00000', '00000', '01100', '00100', '01000'],
  ':': ['00000', '01100', '01100', '00000', '01100', '01100', '00000'],
  '-': ['00000', '00000', '00000', '11111', '00000', '00000', '00000'],
  '/': ['00001', '00010', '00010', '00100', '01000', '01000', '10000'],
  '(': ['00010', '00100', '01000', '01000', '01000', '00100', '00010'],
  ')': ['01000', '00100', '00010', '00010', '00010', '00100', '01000'],
  '#': ['01010', '01010', '11111', '01010', '11111', '01010', '01010'],
  '?': ['01110', '10001', '00001', '00010', '00100', '00000', '00100'],
};

type Rgb = readonly [number, number, number];

class Canvas {
  readonly png: PNG;

  constructor(readonly width: number, readonly height: number, background: Rgb) {
    this.png = new PNG({ width, height });
    this.fill(0, 0, width, height, background);
  }

  fill(left: number, top: number, w: number, h: number, [r, g, b]: Rgb) {
    const x = Math.round(left);
    const y = Math.round(top);
    for (let row = Math.max(0, y); row < Math.min(this.height, y + h); row++) {
      for (let col = Math.max(0, x); col < Math.min(this.width, x + w); col++) {
        const i = (row * this.width + col) * 4;
        this.png.data[i] = r;
        this.png.data[i + 1] = g;
        this.png.data[i + 2] = b;
        this.png.data[i + 3] = 255;
      }
    }
  }

  /** Draws text at (x, y) with each font pixel `scale` pixels wide; returns the text's width. */
  text(x: number, y: number, text: string, scale: number, color: Rgb): number {
    let at = x;
    for (const char of text.toUpperCase()) {
      const glyph = GLYPHS[char] ?? GLYPHS['?'];
      glyph.forEach((row, r) => {
        for (let c = 0; c < 5; c++) if (row[c] === '1') this.fill(at + c * scale, y + r * scale, scale, scale, color);
      });
      at += 6 * scale;
    }
    return at - x - scale;
  }
}

export const textWidth = (text: string, scale: number) => text.length * 6 * scale - scale;

export interface SlipPicture {
  title: string;
  lines: string[];
  /** What the QR code carries. */
  qr: string;
}

const INK: Rgb = [33, 37, 41];
const ACCENT: Rgb = [20, 110, 80];
const PAPER: Rgb = [255, 255, 255];

/** The slip as a PNG image. */
export function drawSlip(slip: SlipPicture): Buffer {
  const width = 480;
  const margin = 24;
  const lineHeight = 7 * 2 + 12;
  const qr = QRCode.create(slip.qr, { errorCorrectionLevel: 'M' });
  const moduleSize = 5;
  const quiet = 4;
  const qrSide = (qr.modules.size + quiet * 2) * moduleSize;
  const headerHeight = 64;
  const height = headerHeight + margin + slip.lines.length * lineHeight + margin + qrSide + margin;

  const canvas = new Canvas(width, height, PAPER);
  canvas.fill(0, 0, width, headerHeight, ACCENT);
  canvas.text(margin, (headerHeight - 7 * 3) / 2, slip.title, 3, PAPER);
  slip.lines.forEach((line, i) => canvas.text(margin, headerHeight + margin + i * lineHeight, line, 2, INK));

  const qrLeft = Math.floor((width - qrSide) / 2);
  const qrTop = headerHeight + margin + slip.lines.length * lineHeight + margin;
  for (let r = 0; r < qr.modules.size; r++) {
    for (let c = 0; c < qr.modules.size; c++) {
      if (qr.modules.get(r, c)) canvas.fill(qrLeft + (c + quiet) * moduleSize, qrTop + (r + quiet) * moduleSize, moduleSize, moduleSize, INK);
    }
  }
  return PNG.sync.write(canvas.png);
}
