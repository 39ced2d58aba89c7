import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { CHAT_EVENTS } from '../../contract/constants';
import { keepConnected } from '../realtime/keepConnected';
import { operatorToken } from './api';

/**
 * The back office's chat page hears of each conversation's change the moment it is stored: it
 * opens a socket with the operator's token and joins the console room (the server checks the
 * chat permission). `onChange` gets the conversation's id, or null after a (re)join, when changes
 * may have been missed. Returns whether the page is live; while it is not, the page polls. While
 * disconnected it tries again every 5 s, as the widget does.
 */
export function useChatConsoleLive(onChange: (conversationId: string | null) => void): boolean {
  const [live, setLive] = useState(false);
  const handler = useRef(onChange);
  useEffect(() => {
    handler.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const socket: Socket = io({
      path: '/socket.io',
      // Read at each (re)connection: a new sign-in's token is used.
      auth: (cb) => cb({ operatorToken: operatorToken.get() }),
      reconnection: false,
    });
    socket.on('connect', () => {
      socket.emit(CHAT_EVENTS.consoleJoin, {}, (answer: { ok: boolean } | undefined) => {
        const ok = Boolean(answer?.ok);
        setLive(ok);
        if (ok) handler.current(null);
      });
    });
    socket.on('disconnect', () => setLive(false));
    socket.on(CHAT_EVENTS.console, (event: { conversationId?: unknown } | undefined) => {
      if (typeof event?.conversationId === 'string') handler.current(event.conversationId);
    });
    return keepConnected(socket);
  }, []);

  return live;
}
