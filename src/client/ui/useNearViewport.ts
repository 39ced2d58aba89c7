import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come within `margin` of the viewport (and stays true). The home
 * starts the lobby's canvas this way: Pixi, the card art and WebGL's start are the heaviest work
 * on the page, and a member who only checks the balance never scrolls to the games. Without
 * IntersectionObserver it answers true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, watching: boolean, margin = '320px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !watching) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, watching, near, margin]);
  return near;
}
