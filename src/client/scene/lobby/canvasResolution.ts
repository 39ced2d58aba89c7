/**
 * How many device pixels the lobby's canvas draws per CSS pixel. A phone at 3× would fill nine
 * times the pixels of 1× for cards a third of the screen wide; past 2× nobody sees the
 * difference, and every pixel costs battery (and frames, on a software renderer).
 */
export const MAX_CANVAS_RESOLUTION = 2;

export const canvasResolution = (devicePixelRatio: number | undefined): number =>
  Math.min(MAX_CANVAS_RESOLUTION, Math.max(1, devicePixelRatio || 1));

/** Multisampling on the whole canvas; the cards' edges are art (rounded SVG), drawn smooth already. */
export const CANVAS_ANTIALIAS = true;
