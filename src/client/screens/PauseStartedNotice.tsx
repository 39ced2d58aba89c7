import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { peekSaferPlayNotice } from '../auth/storage';
import { formatDateTime } from '../format/date';

const TITLE: Record<string, 'login.pauseStarted.breakTitle' | 'login.pauseStarted.exclusionTitle' | 'login.pauseStarted.sessionTitle'> = {
  break: 'login.pauseStarted.breakTitle',
  exclusion: 'login.pauseStarted.exclusionTitle',
  session: 'login.pauseStarted.sessionTitle',
};

/**
 * On /login right after a break or a self-exclusion started, or the session time limit was
 * reached (issue 31; another device's page hears it through PlayStoppedListener): the member was signed out
 * everywhere; this says when it ends and that signing in to withdraw still works. It stays until
 * the member signs in again or the tab closes. Its words are the login section's (the start
 * strings /login has at its first paint).
 */
export function PauseStartedNotice() {
  const { t } = useTranslation();
  const [notice] = useState(() => peekSaferPlayNotice('pauseStarted'));
  if (!notice) return null;
  return (
    <div className="login__notice panel" role="status" data-testid="pause-started">
      <p className="login__notice-title">{t(TITLE[notice.kind] ?? 'login.pauseStarted.exclusionTitle')}</p>
      <p>
        {notice.until
          ? t(notice.kind === 'session' ? 'login.pauseStarted.sessionEnds' : 'login.pauseStarted.ends', { date: formatDateTime(notice.until) })
          : t('login.pauseStarted.forever')}
      </p>
      <p>{t('login.pauseStarted.body')}</p>
    </div>
  );
}
