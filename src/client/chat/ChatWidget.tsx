import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getToken } from '../auth/storage';
import type { ChatIdentity } from './chatApi';
import { ChatPanel } from './ChatPanel';
import { chatGuestId } from './guestId';
import './chat.css';

/** The widget's logo: a speech bubble with the wallet's coin, drawn here. */
function ChatLogo() {
  return (
    <svg viewBox="0 0 64 64" width="34" height="34" aria-hidden="true" className="chat-logo">
      <path d="M32 6C17 6 6 15.6 6 28c0 6.6 3.2 12.5 8.4 16.6L12 58l13.2-7.4c2.2.4 4.5.6 6.8.6 15 0 26-9.6 26-22S47 6 32 6z" fill="currentColor" />
      <circle cx="32" cy="28" r="11" fill="#f5c542" />
      <path d="M28 23h6a3 3 0 0 1 0 6h-6m0 0h7a3 3 0 0 1 0 6h-7m0-12v12m3-14v2m0 12v2" fill="none" stroke="#6b3f00" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The floating chat button and its panel (SPEC section 2). A member chats by their token, a
 * guest by the guest id kept on the device. The logo's animation and the invite bubble draw
 * the eye until the panel is first opened; reduced motion keeps the logo still.
 */
export default function ChatWidget() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [invited, setInvited] = useState(true);
  const who = useMemo<ChatIdentity>(() => (getToken() ? { kind: 'member' } : { kind: 'guest', guestId: chatGuestId() }), []);

  const toggle = () => {
    setOpen((o) => !o);
    setInvited(false);
  };

  return (
    <div className={`chat-widget${open ? ' chat-widget--open' : ''}`}>
      {open && <ChatPanel who={who} onClose={() => setOpen(false)} />}
      {!open && invited && (
        <div className="chat-invite" role="note">
          <button type="button" className="chat-invite__text" onClick={toggle}>{t('chat.invite')}</button>
          <button type="button" className="chat-invite__close" onClick={() => setInvited(false)} aria-label={t('chat.inviteDismiss')}>
            ×
          </button>
        </div>
      )}
      <button
        type="button"
        className={`chat-launcher${invited && !open ? ' chat-launcher--calling' : ''}`}
        onClick={toggle}
        aria-expanded={open}
        aria-label={open ? t('chat.close') : t('chat.open')}
        data-testid="chat-launcher"
      >
        <ChatLogo />
      </button>
    </div>
  );
}
