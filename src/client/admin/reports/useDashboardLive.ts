import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { DASHBOARD_EVENTS } from '../../../contract/admin/reports';
import { keepConnected } from '../../realtime/keepConnected';
import { operatorToken } from '../api';

/** The page reads the dashboard again at most this often, however fast money moves. */
export const DASHBOARD_REFETCH_MS = 1000;

/**
 * The dashboard hears that money moved: a socket with the operator's token joins the dashboard
 * room (the server checks reports.read) and `onChange` runs on each 'dashboard.changed' and after
 * each (re)join (changes may have been missed), at most once a second: a change within the second
 * after a read waits for its end. Returns whether the page is live.
 */
export function useDashboardLive(onChange: () => void): boolean {
  const [live, setLive] = useState(false);
  const handler = useRef(onChange);
  useEffect(() => {
    handler.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let lastRun = 0;
    let waiting: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      if (waiting) return;
      const wait = Math.max(0, lastRun + DASHBOARD_REFETCH_MS - Date.now());
      waiting = setTimeout(() => {
        waiting = undefined;
        lastRun = Date.now();
        handler.current();
      }, wait);
    };
    const socket: Socket = io({
      path: '/socket.io',
      auth: (cb) => cb({ operatorToken: operatorToken.get() }),
      reconnection: false,
    });
    socket.on('connect', () => {
      socket.emit(DASHBOARD_EVENTS.join, {}, (answer: { ok: boolean } | undefined) => {
        const ok = Boolean(answer?.ok);
        setLive(ok);
        if (ok) changed();
      });
    });
    socket.on('disconnect', () => setLive(false));
    socket.on(DASHBOARD_EVENTS.changed, changed);
    const end = keepConnected(socket);
    return () => {
      clearTimeout(waiting);
      end();
    };
  }, []);

  return live;
}
