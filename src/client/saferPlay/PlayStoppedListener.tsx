import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PLAY_STOPPED_EVENT, RESTRICTION_REASONS, type RestrictionReason } from '../../contract/saferPlay';
import { clearToken, rememberSaferPlayNotice } from '../auth/storage';
import { useMemberEvent } from '../realtime/useMemberEvent';

/** The notice's kind for each reason the server gives (PauseStartedNotice words it). */
const KIND: Record<RestrictionReason, 'break' | 'exclusion' | 'session'> = {
  ON_BREAK: 'break',
  SELF_EXCLUDED: 'exclusion',
  SESSION_LIMIT_REACHED: 'session',
};

const isReason = (value: unknown): value is RestrictionReason => RESTRICTION_REASONS.includes(value as RestrictionReason);

/**
 * Issue 31: a break or self-exclusion started on another device, or the session time limit
 * reached while playing, ends every session of the member. The server says why to each open page
 * first; this page then leaves for /login, which says why and how to withdraw, instead of a bare
 * sign-out. Mounted in the member shell.
 */
export function PlayStoppedListener() {
  const navigate = useNavigate();
  const stopped = useCallback((payload?: unknown) => {
    if (!payload || typeof payload !== 'object') return;
    const { reason, until } = payload as { reason?: unknown; until?: unknown };
    if (!isReason(reason)) return;
    rememberSaferPlayNotice({ what: 'pauseStarted', kind: KIND[reason], until: typeof until === 'string' ? until : null });
    clearToken();
    void navigate('/login', { replace: true });
  }, [navigate]);
  useMemberEvent(PLAY_STOPPED_EVENT, stopped);
  return null;
}
