import type { Kysely } from 'kysely';
import { SERVICE_CLOSE_WORD, type BodyOf, type adminCloseService } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { refuse } from '../../errors';
import type { Settings } from '../../settings/settings';
import { SERVICE_ACTIVE_KEY, SERVICE_CLOSURE_KEY, type ServiceClosure } from '../../settings/service-closure';
import type { Actor, AuditLog } from './audit';

type CloseRequest = NonNullable<BodyOf<typeof adminCloseService>>;

/** A closing time this close to now (an operator's "now" a moment ago) closes now rather than being refused. */
const PAST_SLACK_MS = 60_000;

/**
 * The member service switch: close now or at a scheduled time (with a maintenance message
 * members see ahead of it and on /terminated, and an optional reopen time), cancel a schedule,
 * reopen. Closing takes a reason and the typed confirmation word; each action is audited with
 * before and after, in the transaction that stores it. Whether members are served is decided
 * on every request from the stored settings and the clock (Settings.isServiceActive).
 */
export class ServiceSwitch {
  constructor(private readonly deps: { db: Kysely<DB>; settings: Settings; clock: Clock; audit: AuditLog }) {}

  /** What operators see: the phase now and the closure in force or ahead, and the word that confirms closing. */
  async state() {
    return { ...(await this.deps.settings.serviceViewAt(this.deps.clock.now())), confirmWord: SERVICE_CLOSE_WORD };
  }

  async close(request: CloseRequest, actor: Actor) {
    if (request.confirmation.trim() !== SERVICE_CLOSE_WORD) refuse('CONFIRMATION_MISMATCH');
    const now = this.deps.clock.now();
    const before = await this.state();
    if (before.phase === 'closed') refuse('SERVICE_CLOSED');
    const askedClose = request.closeAt ? Date.parse(request.closeAt) : now.getTime();
    if (askedClose < now.getTime() - PAST_SLACK_MS) refuse('SCHEDULE_IN_PAST');
    const closeAt = new Date(Math.max(askedClose, now.getTime()));
    const reopenAt = request.reopenAt ? new Date(request.reopenAt) : null;
    if (reopenAt && reopenAt.getTime() <= closeAt.getTime()) refuse('SCHEDULE_IN_PAST');
    const message = request.message && Object.values(request.message).some((m) => m.trim()) ? request.message : null;
    const closure: ServiceClosure = {
      closeAt: closeAt.toISOString(), reopenAt: reopenAt?.toISOString() ?? null, reason: request.reason, message, by: actor.username,
    };
    const scheduled = closeAt.getTime() > now.getTime();
    await this.store(actor, scheduled ? 'service.schedule' : 'service.off', before, closure, true);
    return this.state();
  }

  /** Reopens now: the closure in force ends (one still ahead stays); nothing to do when open. */
  async reopen(actor: Actor) {
    const before = await this.state();
    if (before.phase !== 'closed') return before;
    const { closure } = await this.deps.settings.serviceAt(this.deps.clock.now());
    const keep = closure && Date.parse(closure.closeAt) > this.deps.clock.now().getTime() ? closure : null;
    await this.store(actor, 'service.on', before, keep, true);
    return this.state();
  }

  /** Cancels a closure scheduled ahead: members stop seeing its notice. */
  async cancel(actor: Actor) {
    const before = await this.state();
    if (before.phase !== 'scheduled') refuse('NO_SCHEDULE');
    await this.store(actor, 'service.unschedule', before, null, null);
    return this.state();
  }

  private async store(actor: Actor, action: string, before: Awaited<ReturnType<ServiceSwitch['state']>>, closure: ServiceClosure | null, switchOn: boolean | null) {
    const { settings, audit } = this.deps;
    await this.deps.db.transaction().execute(async (trx) => {
      await settings.write(trx, SERVICE_CLOSURE_KEY, closure);
      if (switchOn !== null) await settings.write(trx, SERVICE_ACTIVE_KEY, switchOn);
      await audit.record(actor, { action, targetType: 'service', before: auditView(before), after: auditView({ ...closureView(closure), active: afterActive(closure, this.deps.clock.now()) }) }, trx);
    });
  }
}

const afterActive = (closure: ServiceClosure | null, now: Date) =>
  !closure || Date.parse(closure.closeAt) > now.getTime() || (closure.reopenAt !== null && Date.parse(closure.reopenAt) <= now.getTime());

const closureView = (closure: ServiceClosure | null) => ({
  closeAt: closure?.closeAt ?? null, reopenAt: closure?.reopenAt ?? null, reason: closure?.reason ?? null, message: closure?.message ?? null,
});

/** The part of the state an audit line keeps: whether members were served, and the closure. */
const auditView = (s: { active: boolean; closeAt: string | null; reopenAt: string | null; reason: string | null; message: ServiceClosure['message'] }) => ({
  active: s.active, closeAt: s.closeAt, reopenAt: s.reopenAt, reason: s.reason, message: s.message,
});

