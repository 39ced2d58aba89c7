import { CARD_FONT_FAMILY } from '../lobby/cardArt';
import { sliceAngle } from './wheelPhysics';

/**
 * The wheel's pictures, drawn once with the 2D canvas (no Pixi): the face (slices, rim,
 * dividers, studs), each slice's label, and the pointer. The scene uploads each as a texture
 * and turns them, so a turning frame draws a few quads and never a path or a glyph: the wheel
 * with vector paths, text objects and multisampling turned at 20-35 frames/s in bench:wheel.
 * The 2D canvas smooths the edges itself, so the WebGL canvas needs no multisampling.
 */

export interface FaceSlice {
  bgColor: string;
}

/** The face's radius in a wheel of `size` CSS pixels: room for the rim's stroke and the drop shadow. */
export const faceRadius = (size: number) => size / 2 - 6;

/** The label's font size for a wheel of `size` CSS pixels. */
export const labelFontPx = (size: number) => Math.max(11, Math.round(size / 24));

const RIM = '#f5c451';
const STUD = '#fff4c2';

function canvasOf(width: number, height: number, resolution: number) {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.ceil(width * resolution));
  canvas.height = Math.max(1, Math.ceil(height * resolution));
  const ctx = canvas.getContext('2d')!;
  ctx.scale(resolution, resolution);
  return { canvas, ctx };
}

/**
 * The face of a wheel `size` CSS pixels across at `resolution` device pixels per CSS pixel,
 * centred in the canvas. Slice i spans [i·s, (i+1)·s) clockwise from the top.
 */
export function drawFace(slices: readonly FaceSlice[], size: number, resolution: number): HTMLCanvasElement {
  const { canvas, ctx } = canvasOf(size, size, resolution);
  const radius = faceRadius(size);
  const n = slices.length;
  ctx.translate(size / 2, size / 2);
  if (n > 0) {
    const s = sliceAngle(n);
    const start = -Math.PI / 2;
    slices.forEach((slice, i) => {
      ctx.beginPath();
      ctx.moveTo(0, 0);
      ctx.arc(0, 0, radius, start + i * s, start + (i + 1) * s);
      ctx.closePath();
      ctx.fillStyle = slice.bgColor;
      ctx.fill();
    });
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.5)';
    ctx.lineWidth = 1.5;
    for (let i = 0; i < n; i++) {
      const a = start + i * s;
      ctx.beginPath();
      ctx.moveTo(0, 0);
      ctx.lineTo(Math.cos(a) * radius, Math.sin(a) * radius);
      ctx.stroke();
    }
  }
  ctx.beginPath();
  ctx.arc(0, 0, radius, 0, Math.PI * 2);
  ctx.strokeStyle = RIM;
  ctx.lineWidth = 5;
  ctx.stroke();
  // Studs on the rim, like a real wheel's pins.
  ctx.fillStyle = STUD;
  for (let i = 0; i < n; i++) {
    const a = -Math.PI / 2 + i * sliceAngle(n);
    ctx.beginPath();
    ctx.arc(Math.cos(a) * (radius - 2), Math.sin(a) * (radius - 2), 3.5, 0, Math.PI * 2);
    ctx.fill();
  }
  return canvas;
}

/** A slice's label on one line, tight around its text, at `resolution`. */
export function drawLabel(text: string, color: string, fontPx: number, resolution: number): HTMLCanvasElement {
  const font = `700 ${fontPx}px ${CARD_FONT_FAMILY}`;
  const measure = canvasOf(1, 1, 1).ctx;
  measure.font = font;
  // Thai and Lao marks stand above and below the line: a line and a half of height holds them.
  const height = Math.ceil(fontPx * 1.6);
  const width = Math.ceil(measure.measureText(text).width) + 2;
  const { canvas, ctx } = canvasOf(width, height, resolution);
  ctx.font = font;
  ctx.fillStyle = color;
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 1, height / 2);
  return canvas;
}

/** The pointer at the top of a wheel `size` CSS pixels across, pointing down onto the rim. */
export function drawPointer(size: number, resolution: number): HTMLCanvasElement {
  const tip = size * 0.09;
  const width = tip * 1.1 + 4;
  const height = tip * 1.3 + 4;
  const { canvas, ctx } = canvasOf(width, height, resolution);
  ctx.beginPath();
  ctx.moveTo(2, 1);
  ctx.lineTo(width - 2, 1);
  ctx.lineTo(width / 2, height - 2);
  ctx.closePath();
  ctx.fillStyle = RIM;
  ctx.fill();
  ctx.strokeStyle = '#3b2a00';
  ctx.lineWidth = 2;
  ctx.lineJoin = 'round';
  ctx.stroke();
  return canvas;
}
