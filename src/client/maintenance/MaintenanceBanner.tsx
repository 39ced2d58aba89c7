import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpoints } from '../api';
import { closureTime, noticeKey, type MaintenanceAnswer } from './maintenance';
import './maintenance.css';

const dismissed = (key: string) => {
  try { return sessionStorage.getItem(key) === '1'; } catch { return false; }
};

/**
 * The notice of a closing ahead (an operator scheduled maintenance): when the service closes,
 * when it is expected back, and the operator's message in the member's language. Asked again on
 * every page change and language change; the member can put it away for this tab.
 */
export function MaintenanceBanner({ page }: { page: string }) {
  const { t, i18n } = useTranslation();
  const [answer, setAnswer] = useState<MaintenanceAnswer | null>(null);
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    let live = true;
    call(endpoints.lookupMaintenance)
      .then((a) => { if (live) { setAnswer(a); setHidden(dismissed(noticeKey(a))); } })
      .catch(() => undefined);
    return () => { live = false; };
  }, [page, i18n.language]);

  if (!answer || answer.phase !== 'scheduled' || hidden) return null;
  const hide = () => {
    try { sessionStorage.setItem(noticeKey(answer), '1'); } catch { /* private mode: hidden until the next page */ }
    setHidden(true);
  };
  return (
    <aside className="maintenance-banner" role="status" aria-labelledby="maintenance-title" data-testid="maintenance-banner">
      <div className="maintenance-banner__text">
        <p id="maintenance-title" className="maintenance-banner__title">
          {answer.reopenAt
            ? t('maintenance.aheadUntil', { at: closureTime(answer.closeAt), until: closureTime(answer.reopenAt) })
            : t('maintenance.ahead', { at: closureTime(answer.closeAt) })}
        </p>
        {answer.message && <p className="maintenance-banner__message" data-testid="maintenance-message">{answer.message}</p>}
      </div>
      <button type="button" className="maintenance-banner__close" aria-label={t('maintenance.hide')} title={t('maintenance.hide')} onClick={hide}>×</button>
    </aside>
  );
}

/** On /terminated: the operator's message and when the service is expected back, when the closure says. */
export function MaintenanceClosed() {
  const { t, i18n } = useTranslation();
  const [answer, setAnswer] = useState<MaintenanceAnswer | null>(null);
  useEffect(() => {
    let live = true;
    call(endpoints.lookupMaintenance).then((a) => live && setAnswer(a)).catch(() => undefined);
    return () => { live = false; };
  }, [i18n.language]);
  if (!answer || answer.phase !== 'closed' || (!answer.message && !answer.reopenAt)) return null;
  return (
    <div className="maintenance-closed" data-testid="maintenance-closed">
      {answer.message && <p className="maintenance-closed__message" data-testid="maintenance-message">{answer.message}</p>}
      {answer.reopenAt && <p className="maintenance-closed__back">{t('maintenance.backAt', { at: closureTime(answer.reopenAt) })}</p>}
    </div>
  );
}
