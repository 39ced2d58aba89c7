import type { FastifyInstance } from 'fastify';
import { adminEndpoints as e, can, IDEMPOTENCY_REPLAYED_HEADER } from '../../../contract';
import type { AppContext } from '../../context';
import { contractRoute } from '../../http/contract-route';
import type { BackOffice } from './setup';
import { actorOf } from './guard';
import { registerMember360Routes } from './member360/routes';

/** `/api/admin/*`: thin handlers, one domain call each; the guard has checked the session and the permission. */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext, office: BackOffice) {
  const { operators, signInFailures, audit, withdrawals, slips, arrivals, adjustments, members, service } = office;
  const g = ctx.guards;

  contractRoute(app, g, e.adminLogin, async ({ body, request }) =>
    operators.login(body, { ip: request.ip, userAgent: request.headers['user-agent'] }));
  contractRoute(app, g, e.adminLogout, async ({ request }) => {
    await operators.logout(request.operator!, request.ip);
    return { message: 'OK' as const };
  });
  contractRoute(app, g, e.adminMe, async ({ request }) => operators.view(request.operator!.operatorId));
  contractRoute(app, g, e.adminOperators, async () => ({ items: await operators.list() }));
  contractRoute(app, g, e.adminCreateOperator, async ({ body, request }) => operators.create(body, actorOf(request)));
  contractRoute(app, g, e.adminSignInFailures, async () => signInFailures.bursts());

  contractRoute(app, g, e.adminWithdrawals, async ({ query, request }) =>
    withdrawals.list(query.status, query.page, { operatorId: request.operator!.operatorId, mayDecide: can(request.operator!.role, 'withdrawals.decide') }));
  contractRoute(app, g, e.adminApproveWithdrawal, async ({ params, body, request }) => withdrawals.approve(params.id, body?.code, actorOf(request)));
  contractRoute(app, g, e.adminRejectWithdrawal, async ({ params, body, request }) =>
    withdrawals.reject(params.id, { code: body.reasonCode, text: body.reason }, actorOf(request)));
  contractRoute(app, g, e.adminMarkWithdrawalPaid, async ({ params, body, request }) => withdrawals.markPaid(params.id, body.note, actorOf(request)));

  contractRoute(app, g, e.adminSlips, async ({ query }) => slips.list(query.status, query.page));
  contractRoute(app, g, e.adminSlip, async ({ params }) => slips.detail(params.id));
  contractRoute(app, g, e.adminApproveSlip, async ({ params, body, request }) => slips.approve(params.id, body.amount, actorOf(request)));
  contractRoute(app, g, e.adminRejectSlip, async ({ params, body, request }) => slips.reject(params.id, body.reason, actorOf(request)));

  contractRoute(app, g, e.adminArrivals, async ({ query }) => arrivals.list(query));
  contractRoute(app, g, e.adminAssignArrival, async ({ params, body, request }) => arrivals.assign(params.id, body.memberId, body.note, actorOf(request)));
  contractRoute(app, g, e.adminDismissArrival, async ({ params, body, request }) => arrivals.dismiss(params.id, body.note, actorOf(request)));

  contractRoute(app, g, e.adminAdjustments, async ({ query }) => adjustments.list(query.status, query.page));
  contractRoute(app, g, e.adminProposeAdjustment, async ({ body, idempotencyKey, request, reply }) => {
    const { proposal, replayed } = await adjustments.propose(body, idempotencyKey, actorOf(request));
    if (replayed) reply.header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
    return proposal;
  });
  contractRoute(app, g, e.adminApproveAdjustment, async ({ params, request }) => adjustments.approve(params.id, actorOf(request)));
  contractRoute(app, g, e.adminRejectAdjustment, async ({ params, request }) => adjustments.reject(params.id, actorOf(request)));

  contractRoute(app, g, e.adminMembers, async ({ query }) => members.search(query.q, query.page));
  contractRoute(app, g, e.adminMember, async ({ params }) => members.detail(params.id));
  contractRoute(app, g, e.adminMemberLedger, async ({ params, query }) => members.ledger(params.id, query.page));
  contractRoute(app, g, e.adminLockMember, async ({ params, body, request }) => members.lock(params.id, body.reason, actorOf(request)));
  contractRoute(app, g, e.adminUnlockMember, async ({ params, request }) => members.unlock(params.id, actorOf(request)));
  contractRoute(app, g, e.adminResetMemberPassword, async ({ params, request }) => members.resetPassword(params.id, actorOf(request)));

  contractRoute(app, g, e.adminService, async () => service.state());
  contractRoute(app, g, e.adminCloseService, async ({ body, request }) => service.close(body, actorOf(request)));
  contractRoute(app, g, e.adminReopenService, async ({ request }) => service.reopen(actorOf(request)));
  contractRoute(app, g, e.adminCancelServiceSchedule, async ({ request }) => service.cancel(actorOf(request)));
  registerMember360Routes(app, g, office);
  contractRoute(app, g, e.adminAudit, async ({ query }) => audit.page(query));
  contractRoute(app, g, e.adminAuditFacets, async () => audit.facets());
}
