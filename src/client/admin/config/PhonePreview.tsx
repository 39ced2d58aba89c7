import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminConfigPreview, LOCALES, type Locale, type LocalizedTextValue } from '../../../contract';
import { errorCodeOf, errorText } from '../../api/errors';
import { sanitizeOperatorHtml } from '../../format/safeHtml';
import { adminCall } from '../api';

/** How long typing pauses before the preview asks the server again. */
const SETTLE_MS = 400;

/**
 * Operator html as a member will see it: sanitised by the server (the sanitiser members' content
 * goes through), drawn at a phone's width in the member app's look, one language at a time.
 */
export function PhonePreview({ html }: { html: LocalizedTextValue }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Locale>('th');
  const [shown, setShown] = useState<LocalizedTextValue | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(html);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      adminCall(adminConfigPreview, { body: { html } }).then(
        (answer) => { if (live) { setShown(answer.html); setError(null); } },
        (e: unknown) => { if (live) setError(errorCodeOf(e)); },
      );
    }, SETTLE_MS);
    return () => { live = false; clearTimeout(timer); };
    // `key` is the html's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return (
    <figure className="config-preview" data-testid="config-preview">
      <figcaption className="config-preview__head">
        <span>{t('admin.config.preview')}</span>
        <span className="admin-tabs" role="group" aria-label={t('admin.config.previewLanguage')}>
          {LOCALES.map((l) => (
            <button key={l} type="button" className="admin-tabs__tab" aria-pressed={l === language} onClick={() => setLanguage(l)}>{l.toUpperCase()}</button>
          ))}
        </span>
      </figcaption>
      {error && <p className="admin-note admin-note--error" role="alert">{errorText(t, error)}</p>}
      <div className="config-preview__phone" lang={language}>
        {/* Sanitised by the server, and again here where it is drawn (as the member app does). */}
        <div className="config-preview__content" data-testid="config-preview-content" dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(shown?.[language] ?? '') }} />
      </div>
    </figure>
  );
}
