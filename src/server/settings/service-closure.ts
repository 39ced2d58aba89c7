/**
 * A closure of the member service, stored as the setting `service.closure`: closed from
 * `closeAt` until `reopenAt` (or until an operator reopens it when null). Every node decides from
 * the stored closure and its clock, so a scheduled closure takes effect everywhere at its time
 * without anyone acting and without a timer on one node.
 */
export interface ServiceClosure {
  closeAt: string;
  reopenAt: string | null;
  reason: string;
  message: { th: string; la: string; en: string } | null;
  by: string | null;
}

export const SERVICE_CLOSURE_KEY = 'service.closure';
export const SERVICE_ACTIVE_KEY = 'service.active';

export type ServicePhase = 'open' | 'scheduled' | 'closed';

/** Where a closure stands at `now`: ahead of it, in force, or (none, or over) open. */
export function closurePhase(closure: ServiceClosure | null, now: Date): ServicePhase {
  if (!closure) return 'open';
  const t = now.getTime();
  if (closure.reopenAt && t >= Date.parse(closure.reopenAt)) return 'open';
  return t >= Date.parse(closure.closeAt) ? 'closed' : 'scheduled';
}

/**
 * The service's phase at `now`: the operator's plain switch (`service.active`, false closes at
 * once and until reopened) and the closure together.
 */
export function servicePhase(switchOn: boolean, closure: ServiceClosure | null, now: Date): ServicePhase {
  const phase = closurePhase(closure, now);
  return switchOn ? phase : 'closed';
}

/** The service as the console and the members' notice read it: the phase and the closure in force or ahead (none once over). */
export interface ServiceView {
  active: boolean;
  phase: ServicePhase;
  closeAt: string | null;
  reopenAt: string | null;
  reason: string | null;
  message: ServiceClosure['message'];
  by: string | null;
}

export function serviceView(phase: ServicePhase, closure: ServiceClosure | null, now: Date): ServiceView {
  const shown = phase !== 'open' && closure && (closure.reopenAt === null || Date.parse(closure.reopenAt) > now.getTime()) ? closure : null;
  return {
    active: phase !== 'closed',
    phase,
    closeAt: shown?.closeAt ?? null,
    reopenAt: shown?.reopenAt ?? null,
    reason: shown?.reason ?? null,
    message: shown?.message ?? null,
    by: shown?.by ?? null,
  };
}
