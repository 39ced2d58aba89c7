import { z } from 'zod';
import { endpoint } from '../endpoint';
import { isoDate } from '../endpoints/common';
import { limitValue, limitView, pauseView, restriction } from '../endpoints/saferPlay';
import { LIMIT_KINDS, LIMIT_PERIODS, SAFER_PLAY } from '../saferPlay';

/**
 * Safer play, the operators' side (issue 31): a member's limits, breaks and exclusions in the
 * member page. An operator may set a limit where there is none or lower one (at once, cancelling a
 * pending raise or removal), never raise or remove one (LIMIT_RAISE_REFUSED), and never end or
 * shorten a break or an exclusion (there is no call for it). Every change is in the audit log
 * (action `saferplay.limit`, `saferplay.settings`).
 */
const tag = 'admin';
const memberParams = z.object({ id: z.coerce.number().int().positive() });
const note = z.string().trim().min(1).max(500);

export const memberSaferPlay = z.object({
  memberId: z.number().int(),
  timeZone: z.string(),
  currency: z.string(),
  limits: z.array(limitView),
  pause: pauseView.nullable().describe('the break or exclusion in force'),
  pauses: z.array(pauseView).describe('every break and exclusion, newest first'),
  restriction: restriction.nullable(),
  realityCheckMinutes: z.number().int(),
});

export const saferPlaySettings = z.object({
  coolingOffHours: z.number().int().min(SAFER_PLAY.coolingOffHoursMin).max(SAFER_PLAY.coolingOffHoursMax),
});

export const adminMemberSaferPlay = endpoint({
  method: 'GET', path: '/api/admin/members/:id/safer-play', access: 'operator', permission: 'saferplay.read', tag,
  summary: "A member's safer play: limits with use and pending changes, the break or exclusion in force and past ones",
  params: memberParams,
  response: memberSaferPlay,
});

export const adminMemberSaferPlayLimit = endpoint({
  method: 'PUT', path: '/api/admin/members/:id/safer-play/limits/:kind/:period', access: 'operator', permission: 'saferplay.manage', tag,
  summary: 'Set a limit the member has not, or lower one, at once (a pending raise or removal is cancelled); a raise or the same value is refused (LIMIT_RAISE_REFUSED). Audited',
  params: memberParams.extend({ kind: z.enum(LIMIT_KINDS), period: z.enum(LIMIT_PERIODS) }),
  body: z.object({ value: limitValue, note }),
  response: memberSaferPlay,
});

export const adminSaferPlaySettings = endpoint({
  method: 'GET', path: '/api/admin/safer-play/settings', access: 'operator', permission: 'saferplay.read', tag,
  summary: 'The safer-play settings: the cooling-off of raises and removals of limits',
  response: saferPlaySettings.extend({ updatedAt: isoDate.nullable() }),
});

export const adminSaferPlaySettingsUpdate = endpoint({
  method: 'PUT', path: '/api/admin/safer-play/settings', access: 'operator', permission: 'config.edit', tag,
  summary: 'Change the cooling-off (hours) for raises and removals asked from now on. Audited',
  body: saferPlaySettings.extend({ note }),
  response: saferPlaySettings.extend({ updatedAt: isoDate.nullable() }),
});

export const saferPlayAdminEndpoints = {
  adminMemberSaferPlay, adminMemberSaferPlayLimit, adminSaferPlaySettings, adminSaferPlaySettingsUpdate,
};
