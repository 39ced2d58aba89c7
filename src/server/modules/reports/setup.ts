import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Money } from '../../ledger/envelope';
import type { BackOffice } from '../admin/setup';
import { DASHBOARD_ROOM, DashboardNotices, handleDashboardSockets } from './live';
import { DASHBOARD_EVENTS } from '../../../contract';
import { registerReportRoutes } from './routes';

/**
 * The dashboard and the reports (README.md): read-only over the ledger, mounted under the back
 * office's guard; the open dashboards hear over the console socket when money moves (after each
 * commit that booked an entry, from the envelope), on every node through the socket.io adapter.
 */
export function setupReports(app: FastifyInstance, ctx: AppContext, money: Money, office: BackOffice) {
  const room = DASHBOARD_ROOM;
  const notices = new DashboardNotices(() => ctx.realtime.toRoom(room, DASHBOARD_EVENTS.changed, {}));
  money.onMoneyMoved(() => notices.moneyMoved());
  ctx.realtime.onConnection(handleDashboardSockets({ authenticateOperator: office.authenticate, room }));
  registerReportRoutes(app, ctx, ctx.config.COUNTRY === 'LA' ? 'LAK' : 'BAHT');
  app.addHook('onClose', async () => notices.close());
}
