/** The server emits this to the member's room after any committed change of their money. */
export const WALLET_CHANGED = 'wallet.changed';
/** The server emits this to the member's room when their spin coins or coupons change. */
export const SPIN_CHANGED = 'spin.changed';

/** The part of a socket.io client socket this needs (a fake in tests). */
export interface MemberSocket {
  on(event: string, listener: () => void): unknown;
  off(event: string, listener: () => void): unknown;
  io: { on(event: 'reconnect', listener: () => void): unknown; off(event: 'reconnect', listener: () => void): unknown };
}

export interface MemberMoneyListeners {
  /** The wallet changed: read it again. */
  onChange: () => void;
  /** The spin coins changed (a spin spent one, a deposit earned some): the home's coins follow. */
  onSpinChange?: () => void;
}

/**
 * Routes the member's money events from the socket: 'wallet.changed' and, after a
 * reconnection (events may have been missed), `onChange`; 'spin.changed' `onSpinChange`
 * (issue 27: the home's coins stayed old after a spin, nothing listened). The listeners are read
 * at each event, so the caller may swap them. Returns what stops listening.
 */
export function listenToMemberMoney(socket: MemberSocket, listeners: () => MemberMoneyListeners): () => void {
  const changed = () => listeners().onChange();
  const spinChanged = () => listeners().onSpinChange?.();
  socket.on(WALLET_CHANGED, changed);
  socket.on(SPIN_CHANGED, spinChanged);
  // The wallet's answer carries the coins too: one reload after a reconnection serves both.
  socket.io.on('reconnect', changed);
  return () => {
    socket.off(WALLET_CHANGED, changed);
    socket.off(SPIN_CHANGED, spinChanged);
    socket.io.off('reconnect', changed);
  };
}
