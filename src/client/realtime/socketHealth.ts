import { connectivity, type Connectivity } from '../api/connectivity';

/** The part of a socket.io client socket this needs (a fake in tests). */
export interface WatchedSocket {
  on(event: 'connect' | 'disconnect', listener: (reason?: string) => void): unknown;
  off(event: 'connect' | 'disconnect', listener: (reason?: string) => void): unknown;
}

/**
 * Disconnections that do not come back by themselves: ours (a page change, a logout) and the
 * server's (a session it ended). Any other (the transport closed, no pong) is tried again.
 */
const FOR_GOOD = new Set(['io client disconnect', 'io server disconnect']);

/**
 * Issue 32: tells the page's connection (api/connectivity.ts) while a socket that was connected is
 * connecting again, so the shell's banner says "Reconnecting…". Returns what stops telling.
 */
export function reportSocketHealth(socket: WatchedSocket, connection: Pick<Connectivity, 'socket'> = connectivity): () => void {
  const id = {};
  const connected = () => connection.socket(id, false);
  const disconnected = (reason?: string) => connection.socket(id, !FOR_GOOD.has(reason ?? ''));
  socket.on('connect', connected);
  socket.on('disconnect', disconnected);
  return () => {
    socket.off('connect', connected);
    socket.off('disconnect', disconnected);
    connection.socket(id, false);
  };
}
