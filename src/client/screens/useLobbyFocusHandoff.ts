import { useEffect, useRef, type FocusEvent, type RefObject } from 'react';

const LIST_ITEM = /^game-list-(.+)$/;

/**
 * The lobby's canvas replaces the plain list of games when it starts (as the games near the
 * screen). A keyboard or screen-reader member may be on a game of the list at that moment: the
 * list's button is removed, and focus would fall to the page's start. This keeps the game the
 * member was on and puts focus on its card in the lobby as soon as the card is there.
 */
export function useLobbyFocusHandoff(container: RefObject<HTMLElement | null>, lobbyShown: boolean) {
  const lastGame = useRef<string | null>(null);

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const item = event.target.closest('[data-testid^="game-list-"]');
    lastGame.current = LIST_ITEM.exec(item?.getAttribute('data-testid') ?? '')?.[1] ?? null;
  };

  useEffect(() => {
    const root = container.current;
    const code = lastGame.current;
    if (!lobbyShown || !root || !code) return;
    const handOver = () => {
      const card = root.querySelector<HTMLElement>(`[data-testid="game-${CSS.escape(code)}"]`);
      if (!card) return false;
      // Only when focus was lost with the list; a member who moved on keeps their place.
      if (document.activeElement === null || document.activeElement === document.body) card.focus();
      lastGame.current = null;
      return true;
    };
    if (handOver()) return;
    const watcher = new MutationObserver(() => {
      if (handOver()) watcher.disconnect();
    });
    watcher.observe(root, { childList: true, subtree: true });
    return () => watcher.disconnect();
  }, [container, lobbyShown]);

  return onFocus;
}
