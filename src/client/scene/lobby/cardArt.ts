import { Assets, type Texture } from 'pixi.js';
import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * The lobby's art and fonts, loaded before they are drawn. Card art is SVG at the card's design
 * size; it is rasterised at twice that, enough for a phone's 2× or 3× screen at a third of its width.
 */

const SVG_RESOLUTION = 2;

/** Textures for the given URLs, as they arrive; a URL that fails to load is simply left out. */
export function useTextures(urls: readonly string[]): ReadonlyMap<string, Texture> {
  const key = [...new Set(urls)].sort().join('\n');
  const [textures, setTextures] = useState<ReadonlyMap<string, Texture>>(() => new Map());
  useEffect(() => {
    let live = true;
    const wanted = key ? key.split('\n') : [];
    for (const url of wanted) {
      Assets.load<Texture>({ alias: url, src: url, data: { resolution: SVG_RESOLUTION } }).then(
        (texture) => {
          if (live) setTextures((current) => new Map(current).set(url, texture));
        },
        (error: unknown) => console.warn(`lobby art ${url} did not load`, error),
      );
    }
    return () => {
      live = false;
    };
  }, [key]);
  return textures;
}

/** The faces the card text is drawn in (Thai and Lao need their own fonts on a canvas). */
export const CARD_FONT_FAMILY = '"Noto Sans Thai", "Noto Sans Lao", system-ui, sans-serif';

/**
 * Grows by one whenever web fonts finish loading for the given text. A canvas draws text with
 * whatever font is ready at that moment and never redraws by itself, so the scene remakes its
 * text when this changes.
 */
export function useFontsVersion(sample: string): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!('fonts' in document)) return;
    let live = true;
    const loads = ['Noto Sans Thai', 'Noto Sans Lao'].flatMap((family) =>
      ['400', '700'].map((weight) => document.fonts.load(`${weight} 16px "${family}"`, sample).catch(() => [])),
    );
    void Promise.all(loads).then(() => {
      if (live) setVersion((v) => v + 1);
    });
    return () => {
      live = false;
    };
  }, [sample]);
  return version;
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
const subscribeReducedMotion = (onChange: () => void) => {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** The member's `prefers-reduced-motion`, live. */
export const useReducedMotion = (): boolean =>
  useSyncExternalStore(subscribeReducedMotion, () => window.matchMedia(reducedMotionQuery).matches, () => false);
