import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpoints, errorCodeOf, errorText } from '../api';
import { Dialog } from '../ui/Dialog';
import { sanitizeOperatorHtml } from '../format/safeHtml';

type Load = { state: 'loading' } | { state: 'ready'; conditions: string[] } | { state: 'failed'; code: string };

/** The conditions modal of the logged-in menu: the html of GET /api/lookup/conditions. */
export function ConditionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    if (!open) return;
    let live = true;
    call(endpoints.lookupConditions)
      .then((conditions) => live && setLoad({ state: 'ready', conditions }))
      .catch((error: unknown) => live && setLoad({ state: 'failed', code: errorCodeOf(error) }));
    return () => {
      live = false;
    };
    // The server answers in the member's language: a new language reloads them.
  }, [open, i18n.language]);

  return (
    <Dialog open={open} onClose={onClose} title={t('conditions.title')}>
      {load.state === 'loading' && (
        <p className="dialog-status" role="status">
          <span className="spinner" /> {t('common.loading')}
        </p>
      )}
      {load.state === 'failed' && <p className="dialog-status dialog-status--error">{errorText(t, load.code)}</p>}
      {load.state === 'ready' && load.conditions.length === 0 && <p className="dialog-status">{t('conditions.empty')}</p>}
      {load.state === 'ready' && load.conditions.length > 0 && (
        <ol className="conditions">
          {load.conditions.map((html, index) => (
            // The operator writes these conditions as html in the back office: sanitised first.
            <li key={index} className="conditions__item" dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(html) }} />
          ))}
        </ol>
      )}
    </Dialog>
  );
}
