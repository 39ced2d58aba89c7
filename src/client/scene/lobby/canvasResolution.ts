/**
 * How many device pixels the lobby's canvas draws per CSS pixel. A phone at 3× would fill nine
 * times the pixels of 1× for cards a third of the screen wide; the cards' art and labels stay
 * sharp at 1.5× (looked at in th, la and en), and every pixel costs battery and frames: in
 * bench:lobby (SwiftShader, 390×844 at 2×) swiping went from 21 to 31 frames/s going 2× → 1.5×.
 */
export const MAX_CANVAS_RESOLUTION = 1.5;

export const canvasResolution = (devicePixelRatio: number | undefined): number =>
  Math.min(MAX_CANVAS_RESOLUTION, Math.max(1, devicePixelRatio || 1));

/**
 * No multisampling: the cards' edges are art (rounded SVG), drawn smooth already, and MSAA on the
 * whole canvas cost a third of the frames (bench:lobby swiping: 14 frames/s with it, 21 without).
 */
export const CANVAS_ANTIALIAS = false;
