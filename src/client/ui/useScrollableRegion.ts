import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element scrolls (its content is taller than it), kept up to date as the content
 * or the screen changes size. A region that scrolls but holds nothing focusable cannot be
 * scrolled from a keyboard; the caller makes it focusable then (axe: scrollable-region-focusable;
 * issue 28, the Thai refund modal).
 */
export function useScrollableRegion<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrollable(element.scrollHeight > element.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    // Content that arrives later (a table page, a banner) adds or replaces children.
    const mutations = new MutationObserver(() => {
      for (const child of element.children) observer.observe(child);
      measure();
    });
    mutations.observe(element, { childList: true, subtree: true });
    measure();
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  });
  return [ref, scrollable] as const;
}
