import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { chatApi, type ChatIdentity, type ChatMessage } from './chatApi';
import { ChatPanel } from './ChatPanel';
import { createChatFeed } from './chatFeed';
import { chatGuestId } from './guestId';
import type { ChatCustomerKind } from './launcherCalls';
import { useChatConnection } from './useChatConnection';
import './chat.css';

/**
 * The chat's live part, loaded by the chat button (ChatLauncher) when the panel first opens or
 * the page wants the badge kept live: the customer's socket, held while the panel is closed too,
 * and the panel when open. While closed, a message from the site (or a rejoin, when some may have
 * been missed) asks the server for the unread count again, so the badge never counts twice.
 */
export default function ChatWidget({ who, open, onClose, onUnread }: {
  who: ChatCustomerKind;
  open: boolean;
  onClose: () => void;
  onUnread: (count: number) => void;
}) {
  const identity = useMemo<ChatIdentity>(() => (who === 'member' ? { kind: 'member' } : { kind: 'guest', guestId: chatGuestId() }), [who]);
  const api = useMemo(() => chatApi(identity), [identity]);
  const [prefix, setPrefix] = useState<string | null>(null);
  const [feed] = useState(createChatFeed);
  const isOpen = useRef(open);
  const counted = useRef(onUnread);
  useEffect(() => {
    isOpen.current = open;
    counted.current = onUnread;
  }, [open, onUnread]);

  const recount = useCallback(() => {
    api.unread().then((count) => counted.current(count), () => undefined);
  }, [api]);

  useEffect(() => {
    let live = true;
    // Without the prefix the socket cannot name its room; the panel says it is reconnecting.
    api.config().then((c) => live && setPrefix(c.PREFIX), () => undefined);
    return () => {
      live = false;
    };
  }, [api]);

  // Closing the panel: what was read there is no longer unread.
  useEffect(() => {
    if (!open) recount();
  }, [open, recount]);

  const onMessage = useCallback((message: ChatMessage) => {
    feed.message(message);
    if (!isOpen.current && message.sender !== 'customer') recount();
  }, [feed, recount]);
  const onRejoined = useCallback(() => {
    feed.rejoined();
    if (!isOpen.current) recount();
  }, [feed, recount]);
  const connected = useChatConnection(identity, prefix, onMessage, onRejoined);
  const read = useCallback(() => counted.current(0), []);

  return open ? <ChatPanel api={api} who={identity} connected={connected} feed={feed} onClose={onClose} onRead={read} /> : null;
}
