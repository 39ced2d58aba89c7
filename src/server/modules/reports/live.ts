import type { Socket } from 'socket.io';
import { can, DASHBOARD_EVENTS } from '../../../contract';
import { holdsSession } from '../../realtime/realtime';
import type { OperatorAuthenticator } from '../admin/guard';

/** The room of every console with the dashboard open (reports.read), on every node through the socket.io adapter. */
export const DASHBOARD_ROOM = 'console:dashboard';

/** At most one "changed" per node and this many milliseconds; the page reads the dashboard again on each. */
export const DASHBOARD_NOTICE_MS = 1000;

/**
 * Tells the open dashboards that money moved, without figures (they read the dashboard with their
 * own permission). Leading and trailing: the first movement is told at once, the ones within the
 * next second together at its end, so a burst of transfers costs the dashboards one read a second.
 */
export class DashboardNotices {
  private timer?: NodeJS.Timeout;
  private waiting = false;

  constructor(private readonly emit: () => void, private readonly everyMs = DASHBOARD_NOTICE_MS) {}

  moneyMoved() {
    if (this.timer) {
      this.waiting = true;
      return;
    }
    this.emit();
    this.timer = setTimeout(() => this.windowEnded(), this.everyMs);
    this.timer.unref();
  }

  private windowEnded() {
    this.timer = undefined;
    if (!this.waiting) return;
    this.waiting = false;
    this.moneyMoved();
  }

  close() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

export type DashboardJoinAnswer = { ok: true } | { ok: false; message: 'invalid-token' | 'FORBIDDEN' | 'REQUEST_LIMIT' };

const JOINS_PER_WINDOW = 10;
const JOIN_WINDOW_MS = 10_000;

/**
 * The console's dashboard joins its room with the operator's token from the handshake
 * (`operatorToken`, as the chat console does); a role without reports.read is answered FORBIDDEN.
 * The socket ends within seconds once the session ends or the role loses the permission.
 */
export function handleDashboardSockets(deps: { authenticateOperator: OperatorAuthenticator; room: string }) {
  return (socket: Socket) => {
    let joins: number[] = [];
    socket.on(DASHBOARD_EVENTS.join, async (_request: unknown, ack?: unknown) => {
      const answer = (a: DashboardJoinAnswer) => typeof ack === 'function' && ack(a);
      // Each join reads the session: a socket asking past the limit is ended (as the chat's joins).
      const now = Date.now();
      joins = [...joins.filter((t) => now - t < JOIN_WINDOW_MS), now];
      if (joins.length > JOINS_PER_WINDOW) {
        answer({ ok: false, message: 'REQUEST_LIMIT' });
        return void socket.disconnect(true);
      }
      const token = (socket.handshake.auth ?? {}).operatorToken;
      const mayRead = async () => {
        const operator = typeof token === 'string' && token ? await deps.authenticateOperator(token) : null;
        return operator ? can(operator.role, 'reports.read') : null;
      };
      const allowed = await mayRead().catch(() => null);
      if (allowed === null) return answer({ ok: false, message: 'invalid-token' });
      if (!allowed) return answer({ ok: false, message: 'FORBIDDEN' });
      if (!socket.rooms.has(deps.room)) holdsSession(socket, async () => (await mayRead()) === true);
      await socket.join(deps.room);
      answer({ ok: true });
    });
  };
}
