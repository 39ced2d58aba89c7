import type { FastifyInstance } from 'fastify';
import { member360Endpoints as e } from '../../../../contract';
import type { RouteGuards } from '../../../http/contract-route';
import { contractRoute } from '../../../http/contract-route';
import { actorOf } from '../guard';
import type { BackOffice } from '../setup';

/** Member 360, the withdrawal review and tags and notes: read-only except tags and notes. */
export function registerMember360Routes(app: FastifyInstance, g: RouteGuards, office: BackOffice) {
  const { member360, memberNotes, withdrawals } = office;
  contractRoute(app, g, e.adminMemberOverview, async ({ params }) => member360.overview(params.id));
  contractRoute(app, g, e.adminWithdrawalReview, async ({ params }) => {
    const withdrawal = await withdrawals.item(params.id);
    const [overview, signals] = await Promise.all([
      member360.overview(withdrawal.memberId),
      member360.withdrawalSignals(withdrawal.memberId, withdrawal.id),
    ]);
    return { withdrawal, overview, signals };
  });
  contractRoute(app, g, e.adminAddMemberTag, async ({ params, body, request }) => memberNotes.addTag(params.id, body.tag, actorOf(request)));
  contractRoute(app, g, e.adminRemoveMemberTag, async ({ params, request }) => memberNotes.removeTag(params.id, params.tag, actorOf(request)));
  contractRoute(app, g, e.adminAddMemberNote, async ({ params, body, request }) => memberNotes.addNote(params.id, body.text, actorOf(request)));
}
