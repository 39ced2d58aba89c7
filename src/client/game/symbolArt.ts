import { GraphicsContext } from 'pixi.js';
import type { SlotSymbol } from '../../contract';

/**
 * The slot symbols, drawn by us as vector shapes in a 100 × 100 box centred on 0, 0 (our own
 * art, no third-party images). Each is built once and shared: the reel cells swap contexts
 * while the reels run instead of redrawing.
 */

const OUTLINE = { width: 3, color: 0x3a1a52, alpha: 0.55, join: 'round' as const };

function cherry(g: GraphicsContext) {
  g.moveTo(-16, 14).quadraticCurveTo(-12, -18, 8, -36).stroke({ width: 5, color: 0x2f7d32, cap: 'round' });
  g.moveTo(18, 18).quadraticCurveTo(16, -10, 8, -36).stroke({ width: 5, color: 0x2f7d32, cap: 'round' });
  g.moveTo(8, -36).quadraticCurveTo(30, -46, 40, -28).quadraticCurveTo(22, -22, 8, -36).fill(0x43a047).stroke({ width: 2, color: 0x1b5e20 });
  for (const [x, y] of [[-17, 22], [18, 26]]) {
    g.circle(x, y, 18).fill(0xe5283f).stroke({ ...OUTLINE, color: 0x7a0f1f });
    g.circle(x - 6, y - 7, 5).fill({ color: 0xffffff, alpha: 0.6 });
  }
}

function lemon(g: GraphicsContext) {
  g.circle(-36, 2, 7).fill(0xffd23f);
  g.circle(36, -2, 7).fill(0xffd23f);
  g.ellipse(0, 0, 38, 29).fill(0xffd23f).stroke({ ...OUTLINE, color: 0x9c7400 });
  g.ellipse(-10, -11, 15, 7).fill({ color: 0xffffff, alpha: 0.5 });
  g.moveTo(10, -27).quadraticCurveTo(26, -44, 38, -34).quadraticCurveTo(26, -24, 10, -27).fill(0x43a047);
}

function melon(g: GraphicsContext) {
  // A watermelon slice: rind, pale band, flesh, seeds.
  g.moveTo(44, -10).arc(0, -10, 44, 0, Math.PI).closePath().fill(0x2e9e4f).stroke({ ...OUTLINE, color: 0x12502a });
  g.moveTo(38, -10).arc(0, -10, 38, 0, Math.PI).closePath().fill(0xd9f7c8);
  g.moveTo(34, -10).arc(0, -10, 34, 0, Math.PI).closePath().fill(0xff4d5e);
  for (const [x, y] of [[-18, 2], [0, 10], [18, 2], [-8, -2], [9, -2]]) g.ellipse(x, y, 2.6, 4.2).fill(0x2b1020);
  g.rect(-44, -12, 88, 3).fill({ color: 0xffffff, alpha: 0.25 });
}

function bell(g: GraphicsContext) {
  g.circle(0, -36, 6).fill(0xe0a02a).stroke({ ...OUTLINE, color: 0x7a4a00 });
  g.circle(0, 30, 8).fill(0xb7791f).stroke({ ...OUTLINE, color: 0x7a4a00 });
  g.moveTo(-6, -32)
    .quadraticCurveTo(-30, -28, -30, 2)
    .lineTo(-40, 24)
    .lineTo(40, 24)
    .lineTo(30, 2)
    .quadraticCurveTo(30, -28, 6, -32)
    .closePath()
    .fill(0xf5c451)
    .stroke({ ...OUTLINE, color: 0x7a4a00 });
  g.roundRect(-38, 14, 76, 8, 4).fill(0xe0a02a);
  g.moveTo(-14, -22).quadraticCurveTo(-22, -6, -22, 8).stroke({ width: 5, color: 0xfff1b8, alpha: 0.8, cap: 'round' });
}

function star(g: GraphicsContext) {
  g.star(0, 3, 5, 45, 20).fill(0x7c5cff).stroke({ ...OUTLINE, width: 4, color: 0x2a0f5c, alpha: 0.8 });
  g.star(0, 3, 5, 26, 12).fill(0xb9a6ff);
  g.circle(-8, -6, 4).fill({ color: 0xffffff, alpha: 0.75 });
}

function seven(g: GraphicsContext) {
  const shape = (dx: number, dy: number) => [-32 + dx, -38 + dy, 34 + dx, -38 + dy, 34 + dx, -25 + dy, 0 + dx, 42 + dy, -19 + dx, 42 + dy, 13 + dx, -22 + dy, -32 + dx, -22 + dy];
  g.poly(shape(4, 4)).fill({ color: 0x5b0a1e, alpha: 0.7 });
  g.poly(shape(0, 0)).fill(0xff2d55).stroke({ width: 4, color: 0xffd86b, join: 'round' });
  g.poly([-26, -34, 28, -34, 28, -30, -26, -30]).fill({ color: 0xffffff, alpha: 0.45 });
}

const DRAW: Record<SlotSymbol, (g: GraphicsContext) => void> = { cherry, lemon, melon, bell, star, seven };

let contexts: Record<SlotSymbol, GraphicsContext> | null = null;

/** The shared drawing of a symbol. */
export function symbolContext(symbol: SlotSymbol): GraphicsContext {
  if (!contexts) {
    contexts = Object.fromEntries(
      (Object.keys(DRAW) as SlotSymbol[]).map((name) => {
        const g = new GraphicsContext();
        DRAW[name](g);
        return [name, g];
      }),
    ) as Record<SlotSymbol, GraphicsContext>;
  }
  return contexts[symbol];
}

/** The box the symbols are drawn in. */
export const SYMBOL_BOX = 100;
