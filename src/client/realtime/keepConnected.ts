import { CHAT } from '../../contract/constants';

/**
 * Keeps a socket opened with `reconnection: false` connected: while it is disconnected it tries
 * again every 5 s (SPEC section 9), so a page left open comes back on its own. Returns what ends
 * both the retries and the socket (for an effect's cleanup).
 */
export function keepConnected(socket: { connected: boolean; connect(): unknown; disconnect(): unknown }, everyMs: number = CHAT.socketCheckMs): () => void {
  const check = setInterval(() => {
    if (!socket.connected) socket.connect();
  }, everyMs);
  return () => {
    clearInterval(check);
    socket.disconnect();
  };
}
