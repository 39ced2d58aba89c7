import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withAllStrings } from '../i18n';
import { useIdleAfter } from '../ui/useIdleAfter';
import { readSession, STORAGE_KEYS, writeSession } from '../auth/storage';
import { storedChatGuestId } from './guestId';
import { readChatSwitch, readChatUnread, type ChatCustomerKind } from './launcherCalls';
import './chatLauncher.css';

// The panel and its socket (socket.io, axios, the chat's strings) arrive when they are needed.
const ChatWidget = lazy(withAllStrings(() => import('./ChatWidget')));

/** The widget's logo: a speech bubble with the wallet's coin, drawn here. */
function ChatLogo() {
  return (
    <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true" className="chat-logo">
      <path d="M32 6C17 6 6 15.6 6 28c0 6.6 3.2 12.5 8.4 16.6L12 58l13.2-7.4c2.2.4 4.5.6 6.8.6 15 0 26-9.6 26-22S47 6 32 6z" fill="currentColor" />
      <circle cx="32" cy="28" r="11" fill="#f5c542" />
      <path d="M28 23h6a3 3 0 0 1 0 6h-6m0 0h7a3 3 0 0 1 0 6h-7m0-12v12m3-14v2m0 12v2" fill="none" stroke="#6b3f00" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * When the live part (the socket that keeps the badge up to date) loads: at once, once the page
 * is idle, or at the visitor's first touch or key press. /login's first download may hold nothing
 * but its own budget (issue 18), so the public pages wait for the visitor to do something; the
 * member pages wait for their own first content (issue 32: the home's balance on a slow phone).
 */
export type ChatWake = 'now' | 'idle' | 'firstTouch';

function useWoken(wake: ChatWake, wanted: boolean) {
  const [woken, setWoken] = useState(wake === 'now');
  const idle = useIdleAfter(wake === 'idle' && wanted, 3_000);
  useEffect(() => {
    if (woken || !wanted || wake === 'idle') return;
    const rise = () => setWoken(true);
    const events = ['pointerdown', 'keydown'] as const;
    for (const event of events) document.addEventListener(event, rise, { once: true, passive: true });
    return () => {
      for (const event of events) document.removeEventListener(event, rise);
    };
  }, [woken, wanted, wake]);
  return (woken || idle) && wanted;
}

/**
 * The floating chat button of every page (SPEC section 2), with the count of the site's unread
 * messages, when the operator has the chat on (enableChatWidget). It stands for the member on the
 * member pages and for this device's guest on the public ones. The button, the badge and the
 * first count cost the page no more than a small script and two small calls; the panel and the
 * live socket load on demand. The invite bubble shows on the pages about contacting us (`invite`)
 * only, until the chat is opened or the bubble put away in the session: elsewhere it would sit on
 * a page's own buttons at 360 px. The logo calls beside the bubble and while answers wait unread;
 * reduced motion keeps it still.
 */
export function ChatLauncher({ who, wake, page, invite = false, placement = 'aboveMenu' }: {
  who: ChatCustomerKind;
  wake: ChatWake;
  /** The page shown: going to another (the bottom menu) closes the panel, which covers most of a phone. */
  page?: string;
  invite?: boolean;
  placement?: 'aboveMenu' | 'corner';
}) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(false);
  const [unread, setUnread] = useState(0);
  const [open, setOpen] = useState(false);
  // The page the launcher was last drawn on, and the address when the panel was opened. A page
  // change closes the panel, unless the member opened it after the address had already changed
  // (a tap on the bubble while the next page was still loading: that page is where they chat).
  const [shownOn, setShownOn] = useState(page);
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  if (page !== shownOn) {
    setShownOn(page);
    if (page !== openedAt) setOpen(false);
  }
  const [opened, setOpened] = useState(false);
  const [invited, setInvited] = useState(() => readSession(STORAGE_KEYS.chatInviteSeen) === null);
  // A guest who never chatted has no conversation to hear from: the socket waits for the panel.
  const live = useWoken(wake, enabled && (who === 'member' || storedChatGuestId() !== null));

  useEffect(() => {
    let current = true;
    readChatSwitch()
      .then((on) => {
        if (!current) return;
        setEnabled(on);
        if (on) return readChatUnread(who).then((count) => current && setUnread(count));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [who]);

  const putInviteAway = () => {
    setInvited(false);
    writeSession(STORAGE_KEYS.chatInviteSeen, '1');
  };
  const toggle = () => {
    if (!open) setOpenedAt(window.location.pathname);
    setOpen((o) => !o);
    setOpened(true);
    putInviteAway();
  };
  const close = useCallback(() => setOpen(false), []);

  if (!enabled) return null;
  // The logo calls beside its invite, and while answers wait unread.
  const calling = !open && ((invite && invited) || unread > 0);
  const label = open ? t('chatButton.close') : unread > 0 ? t('chatButton.openUnread', { count: unread }) : t('chatButton.open');
  return (
    <div className={`chat-widget chat-widget--${placement}${open ? ' chat-widget--open' : ''}`} data-testid="chat-widget">
      {(opened || live) && (
        <Suspense fallback={null}>
          <ChatWidget who={who} open={open} onClose={close} onUnread={setUnread} />
        </Suspense>
      )}
      {!open && invited && invite && (
        <div className="chat-invite" role="note">
          <button type="button" className="chat-invite__text" onClick={toggle}>{t('chatButton.invite')}</button>
          <button type="button" className="chat-invite__close" onClick={putInviteAway} aria-label={t('chatButton.inviteDismiss')}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" /></svg>
          </button>
        </div>
      )}
      <button
        type="button"
        className={`chat-launcher${calling ? ' chat-launcher--calling' : ''}`}
        onClick={toggle}
        aria-expanded={open}
        aria-label={label}
        data-testid="chat-launcher"
      >
        <ChatLogo />
        {!open && unread > 0 && (
          <span className="chat-launcher__badge" aria-hidden="true" data-testid="chat-unread">{unread > 99 ? '99+' : unread}</span>
        )}
      </button>
    </div>
  );
}
