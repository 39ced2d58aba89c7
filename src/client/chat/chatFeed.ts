import type { ChatMessage } from './chatApi';

/** What the socket tells the open panel: each message as it arrives, and a rejoin (messages may have been missed). */
export interface ChatFeedListener {
  message: (message: ChatMessage) => void;
  rejoined: () => void;
}

/**
 * The socket outlives the panel (it keeps the chat button's badge live), so the panel listens to
 * it through this small feed while it is open. Tests feed the panel by hand through the same.
 */
export function createChatFeed() {
  const listeners = new Set<ChatFeedListener>();
  return {
    subscribe(listener: ChatFeedListener): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    message(message: ChatMessage) {
      for (const listener of listeners) listener.message(message);
    },
    rejoined() {
      for (const listener of listeners) listener.rejoined();
    },
  };
}
export type ChatFeed = ReturnType<typeof createChatFeed>;
