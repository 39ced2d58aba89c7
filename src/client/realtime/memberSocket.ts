import { io, type Socket } from 'socket.io-client';
import { nextTask } from '../api/nextTask';
import { reportSocketHealth } from './socketHealth';

interface Held {
  token: string;
  socket: Socket;
  holders: number;
  stopReporting: () => void;
}

let current: Held | null = null;

/**
 * The member's one socket on this page (same origin, path /socket.io, the bearer token in the
 * handshake), shared by every hook that listens to the member's room. socket.io's `io()` opens a
 * second connection when its namespace is already open, so each hook calling it made the home
 * keep two connections (and poll twice) for one member. The socket is made for the first holder
 * and closed when its last holder lets go; a new token makes a new one (the old one's holders let
 * go of it as their effects run again). While it connects again after a drop, the shell's banner
 * says so (./socketHealth.ts).
 */
export function holdMemberSocket(token: string): { socket: Socket; release: () => void } {
  if (!current || current.token !== token) {
    // It connects in a task of its own, not in the render's effects that asked for it (issue 32).
    const socket = io({ path: '/socket.io', auth: { token }, forceNew: true, autoConnect: false });
    const made: Held = { token, socket, holders: 0, stopReporting: reportSocketHealth(socket) };
    current = made;
    void nextTask().then(() => {
      if (made.holders > 0) socket.connect();
    });
  }
  const held = current;
  held.holders += 1;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.holders -= 1;
    if (held.holders > 0) return;
    held.stopReporting();
    held.socket.disconnect();
    if (current === held) current = null;
  };
  return { socket: held.socket, release };
}
