import type { Application } from 'pixi.js';
import { useEffect, useLayoutEffect, useState } from 'react';
import { FrameDemand } from './frameDemand';

/**
 * Tells `demand` when `canvas` can be seen: the page hidden or shown (visibilitychange), the
 * canvas in or out of the viewport (IntersectionObserver). Answers the function that stops
 * watching. Shared by the lobby and the spin wheel.
 */
export function watchSight(canvas: HTMLCanvasElement, demand: FrameDemand): () => void {
  const onVisibility = () => demand.setPageVisible(document.visibilityState === 'visible');
  onVisibility();
  document.addEventListener('visibilitychange', onVisibility);
  const observer = new IntersectionObserver((entries) => {
    const latest = entries[entries.length - 1];
    if (latest) demand.setOnScreen(latest.isIntersecting);
  });
  observer.observe(canvas);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    observer.disconnect();
  };
}

/**
 * The lobby's `FrameDemand` on a Pixi app's ticker: the ticker runs only while the demand asks
 * for frames, and stops while the page is hidden or the canvas is out of the viewport.
 */
export function useFrameDemand(app: Application, moving: () => boolean): FrameDemand {
  const [demand] = useState(
    () =>
      new FrameDemand({
        start: () => app.ticker.start(),
        // The app may already be destroyed when the lobby unmounts (its ticker is then gone).
        stop: () => (app.ticker as typeof app.ticker | null)?.stop(),
      }),
  );
  useLayoutEffect(() => {
    demand.setMoving(moving);
  });

  useEffect(() => {
    const unwatch = watchSight(app.canvas, demand);
    return () => {
      unwatch();
      demand.dispose();
    };
  }, [app, demand]);

  return demand;
}
