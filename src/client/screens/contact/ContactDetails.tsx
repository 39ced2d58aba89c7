import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../contract';
import { call, endpoints, errorCodeOf, errorText } from '../../api';
import { ChatIcon, ExternalLinkIcon } from '../../ui/icons';
import './contact.css';

// The widget (and socket.io-client with it) loads only where chat is on.
const ChatWidget = lazy(() => import('../../chat/ChatWidget'));

type Contact = ResponseOf<typeof endpoints.lookupContact>;
type Load = { state: 'loading' } | { state: 'ready'; contact: Contact } | { state: 'failed'; code: string };

/**
 * The operator's contact text, the LINE QR code, name and link, and the chat widget when the
 * operator has it on (enableChatWidget): the contact pages, and /terminated, where a member
 * whose service closed asks how to get their money out.
 */
export function ContactDetails() {
  const { t, i18n } = useTranslation();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [chatOn, setChatOn] = useState(false);

  useEffect(() => {
    let live = true;
    call(endpoints.lookupContact)
      .then((contact) => live && setLoad({ state: 'ready', contact }))
      .catch((error: unknown) => live && setLoad({ state: 'failed', code: errorCodeOf(error) }));
    call(endpoints.lookupEnableChatWidget)
      .then((flag) => live && setChatOn(flag.enableChatWidget))
      .catch(() => undefined);
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

      <div className="contact__chat-slot" role="region" aria-label={t('contact.chat')} data-slot="chat-widget">
        {chatOn && (
          <Suspense fallback={null}>
            <ChatWidget />
          </Suspense>
        )}
      </div>
    </>
  );
}
