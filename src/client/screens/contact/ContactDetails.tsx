import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../contract';
import { call, endpoints, errorCodeOf, errorText } from '../../api';
import { ChatIcon, ExternalLinkIcon } from '../../ui/icons';
import './contact.css';

type Contact = ResponseOf<typeof endpoints.lookupContact>;
type Load = { state: 'loading' } | { state: 'ready'; contact: Contact } | { state: 'failed'; code: string };

/**
 * The operator's contact text and the LINE QR code, name and link: the contact pages, and
 * /terminated, where a member whose service closed asks how to get their money out. The chat is
 * the floating button every page has (chat/ChatLauncher.tsx).
 */
export function ContactDetails() {
  const { t, i18n } = useTranslation();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    call(endpoints.lookupContact)
      .then((contact) => live && setLoad({ state: 'ready', contact }))
      .catch((error: unknown) => live && setLoad({ state: 'failed', code: errorCodeOf(error) }));
    return () => {
      live = false;
    };
    // The server answers in the member's language: a new language reloads them.
  }, [i18n.language]);

  return (
    <>
      {load.state === 'loading' && (
        <p className="dialog-status" role="status">
          <span className="spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      )}
      {load.state === 'failed' && (
        <p className="form-error" role="alert">
          {t('contact.loadFailed')} {errorText(t, load.code)}
        </p>
      )}
      {load.state === 'ready' && (
        <div className="contact__card panel">
          {load.contact.contactText && (
            <p className="contact__text">
              <ChatIcon size={22} className="contact__text-icon" />
              <span>{load.contact.contactText}</span>
            </p>
          )}
          <div className="contact__line">
            {load.contact.lineQR && (
              <img className="contact__qr" src={load.contact.lineQR} alt={t('contact.qrAlt', { name: load.contact.lineName })} width={176} height={176} />
            )}
            <p className="contact__line-name">
              <span className="contact__line-badge">{t('contact.line')}</span>
              <span data-testid="line-name">{load.contact.lineName}</span>
            </p>
            <p className="contact__hint">{t('contact.scanHint')}</p>
            {load.contact.lineLink && (
              <a className="btn btn--gold btn--block contact__line-link" href={load.contact.lineLink} target="_blank" rel="noopener noreferrer">
                {t('contact.addFriend')}
                <ExternalLinkIcon size={18} />
              </a>
            )}
          </div>
        </div>
      )}
    </>
  );
}
