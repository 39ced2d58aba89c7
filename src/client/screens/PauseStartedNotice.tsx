import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { peekSaferPlayNotice } from '../auth/storage';
import { formatDateTime } from '../format/date';

/**
 * On /login right after a break or a self-exclusion started (issue 31): the member was signed out
 * everywhere; this says when it ends and that signing in to withdraw still works. It stays until
 * the member signs in again or the tab closes. Its words come from the member area's strings,
 * which are loaded whenever this notice exists (it is written there).
 */
export function PauseStartedNotice() {
  const { t, i18n } = useTranslation();
  const [notice] = useState(() => peekSaferPlayNotice('pauseStarted'));
  if (!notice || !i18n.exists('saferPlay.signedOut.body')) return null;
  return (
    <div className="login__notice panel" role="status" data-testid="pause-started">
      <p className="login__notice-title">{t(notice.kind === 'break' ? 'saferPlay.signedOut.breakTitle' : 'saferPlay.signedOut.exclusionTitle')}</p>
      <p>{notice.until ? t('saferPlay.signedOut.ends', { date: formatDateTime(notice.until) }) : t('saferPlay.signedOut.forever')}</p>
      <p>{t('saferPlay.signedOut.body')}</p>
    </div>
  );
}
