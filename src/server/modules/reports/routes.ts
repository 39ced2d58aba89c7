import type { FastifyInstance } from 'fastify';
import { adminEndpoints as e } from '../../../contract';
import type { AppContext } from '../../context';
import { contractRoute } from '../../http/contract-route';
import { reportCsv } from './csv';
import { readDashboard } from './dashboard';
import { resolveRange } from './range';
import { readReportPage } from './reports';

/** `/api/admin/dashboard` and `/api/admin/reports/*`: thin handlers; the guard has checked reports.read. */
export function registerReportRoutes(app: FastifyInstance, ctx: AppContext, homeCurrency: string) {
  const g = ctx.guards;
  contractRoute(app, g, e.adminDashboard, async ({ query }) => readDashboard(ctx.db, await resolveRange(ctx.db, query), homeCurrency));
  contractRoute(app, g, e.adminReport, async ({ params, query }) =>
    readReportPage(ctx.db, params.report, await resolveRange(ctx.db, query), query.page));
  contractRoute(app, g, e.adminReportCsv, async ({ params, query, reply }) => {
    const range = await resolveRange(ctx.db, query);
    const name = `${params.report}_${range.from}_${range.to}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(reportCsv(ctx.db, params.report, range));
  });
}
