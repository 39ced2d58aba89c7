import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT } from '../../contract/constants';
import type { Postback } from '../../../machines/chatDeliveryMachine';
import { errorCodeOf, errorText } from '../api';
import { formatDateTime } from '../format';
import { useToast } from '../ui/toastContext';
import { ACCEPTED_FILES, checkAttachment } from './attachments';
import type { ChatApi, ChatIdentity, ChatMessage } from './chatApi';
import type { ChatFeed } from './chatFeed';
import { MessageBody } from './MessageView';
import { PendingMessage } from './PendingMessage';
import { isAtBottom, mergeMessages, relativeDay, timeline } from './timeline';
import { useDeliveries, type Delivered } from './useDeliveries';
import { useDebounced } from './useDebounced';

export interface ChatPanelProps {
  api: ChatApi;
  who: ChatIdentity;
  /** Whether the socket is in the customer's room (the subtitle says so). */
  connected: boolean;
  /** The socket's messages and rejoins while the panel is open. */
  feed: Pick<ChatFeed, 'subscribe'>;
  onClose: () => void;
  /** The site's messages were marked read (the chat button's badge goes). */
  onRead: () => void;
}

/**
 * The chat panel (SPEC section 2): history with day separators and end-of-conversation
 * markers, older pages from a button at the top (a first page too short to scroll has no other
 * way there) or on scrolling to the top, a 'new messages' banner while scrolled up, refresh,
 * paperclip, text box and send. Messages on their way are delivery machines.
 */
export function ChatPanel({ api, who, connected, feed, onClose, onRead }: ChatPanelProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [localFiles] = useState(() => new Map<string, Blob>());
  const [delivered, setDelivered] = useState<ReadonlySet<string>>(new Set());
  const [loaded, setLoaded] = useState(false);
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [unseen, setUnseen] = useState(false);
  const [draft, setDraft] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const stickToBottom = useRef(true);
  const keepOffset = useRef<number | null>(null);
  const firstPageIn = useRef(false);

  const alertCode = useCallback((code: string) => toast.error(errorText(t, code)), [toast, t]);

  const loadLatest = useCallback(
    () =>
      api.history(0).then(
        (page) => {
          setLoadFailed(false);
          setLoaded(true);
          // Only the first page says whether there is more; a refresh leaves the older pages as they are.
          if (!firstPageIn.current) setHasOlder(page.length === CHAT.historyPageSize);
          firstPageIn.current = true;
          stickToBottom.current = true;
          setMessages((current) => mergeMessages(current, page));
        },
        (error: unknown) => {
          setLoadFailed(true);
          alertCode(errorCodeOf(error));
        },
      ),
    [api, alertCode],
  );

  useEffect(() => {
    void loadLatest();
  }, [loadLatest]);

  useEffect(
    () =>
      feed.subscribe({
        message: (message) => {
          const el = list.current;
          const atBottom = !el || isAtBottom(el, CHAT.atBottomThresholdPx);
          stickToBottom.current = atBottom;
          if (!atBottom && message.sender !== 'customer') setUnseen(true);
          setMessages((current) => mergeMessages(current, [message]));
        },
        // Back in the room after a disconnection: what was missed comes with the latest page.
        rejoined: () => void loadLatest(),
      }),
    [feed, loadLatest],
  );

  const onDelivered = useCallback(({ sent, message, localFile }: Delivered) => {
    if (localFile) localFiles.set(sent._id, localFile);
    stickToBottom.current = true;
    setDelivered((ids) => new Set(ids).add(sent._id));
    setMessages((current) => {
      const session = current.at(-1)?.session_id ?? '';
      const mine: ChatMessage = {
        _id: sent._id, createdAt: sent.createdAt, sender: 'customer', message, session_id: session,
        userId: null, guestId: who.kind === 'guest' ? who.guestId : null, username: null, name: null, deviceToken: null,
      };
      return mergeMessages(current, [mine]);
    });
  }, [localFiles, who]);
  const { deliveries, start } = useDeliveries(api, onDelivered, alertCode);

  // The site's messages count as read a second after the last one arrived while the panel is open.
  const lastFromSite = [...messages].reverse().find((m) => m.sender !== 'customer')?._id;
  useDebounced(lastFromSite, CHAT.markReadDebounceMs, () => {
    if (lastFromSite) api.markRead().then(onRead, () => undefined);
  });

  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (keepOffset.current !== null) {
      el.scrollTop = el.scrollHeight - keepOffset.current;
      keepOffset.current = null;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages, deliveries.length]);

  // A picture or video that arrives after the list was scrolled to its end makes it taller: keep the end in view.
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const keepEnd = () => {
      if (stickToBottom.current) el.scrollTop = el.scrollHeight;
    };
    el.addEventListener('load', keepEnd, true);
    el.addEventListener('loadedmetadata', keepEnd, true);
    return () => {
      el.removeEventListener('load', keepEnd, true);
      el.removeEventListener('loadedmetadata', keepEnd, true);
    };
  }, []);

  const loadOlder = async () => {
    if (loadingOlder || !hasOlder) return;
    setLoadingOlder(true);
    try {
      const page = await api.history(messages.length);
      setHasOlder(page.length === CHAT.historyPageSize);
      const el = list.current;
      keepOffset.current = el ? el.scrollHeight - el.scrollTop : null;
      stickToBottom.current = false;
      setMessages((current) => mergeMessages(current, page));
    } catch (error) {
      alertCode(errorCodeOf(error));
    } finally {
      setLoadingOlder(false);
    }
  };

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    if (isAtBottom(el, CHAT.atBottomThresholdPx)) setUnseen(false);
    if (el.scrollTop <= 4 && el.scrollHeight > el.clientHeight) void loadOlder();
  };

  const showLatest = () => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
    setUnseen(false);
  };

  const text = draft.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text || text.length > CHAT.textMax) return;
    start({ text });
    setDraft('');
  };

  const onFile = (files: FileList | null) => {
    const file = files?.[0];
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const check = checkAttachment(file);
    if (!check.ok) {
      toast.error(check.problem === 'tooLarge' ? t('chat.fileTooLarge', { size: check.limitMb }) : t('chat.fileNotSupported'));
      return;
    }
    start({ attachment: check.attachment });
  };
  const onPostback = (postback: Postback) => start({ postback });

  const now = new Date();
  const started = loaded && !hasOlder && messages.length > 0;
  return (
    <section className="chat-panel" role="dialog" aria-modal="false" aria-labelledby="chat-title" data-testid="chat-panel">
      <header className="chat-panel__header">
        <div>
          <h2 id="chat-title" className="chat-panel__title">{t('chat.title')}</h2>
          <p className="chat-panel__subtitle" role="status">{connected ? t('chat.subtitle') : t('chat.reconnecting')}</p>
        </div>
        <button type="button" className="chat-icon-button" onClick={() => void loadLatest()} aria-label={t('chat.refresh')} data-testid="chat-refresh">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" /></svg>
        </button>
        <button type="button" className="chat-icon-button" onClick={onClose} aria-label={t('chat.close')} data-testid="chat-close">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
        </button>
      </header>

      <div className="chat-panel__list" ref={list} onScroll={onScroll} role="log" aria-label={t('chat.log')} tabIndex={0} data-testid="chat-list">
        {hasOlder && messages.length > 0 && (
          <button type="button" className="chat-older" onClick={() => void loadOlder()} disabled={loadingOlder} aria-busy={loadingOlder} data-testid="chat-load-older">
            {loadingOlder ? t('chat.loadingOlder') : t('chat.loadOlder')}
          </button>
        )}
        {started && <p className="chat-marker" data-testid="chat-start">{t('chat.start')}</p>}
        {loadFailed && <p className="chat-marker chat-marker--error">{t('chat.loadFailed')}</p>}
        {loaded && messages.length === 0 && deliveries.length === 0 && <p className="chat-empty">{t('chat.empty')}</p>}
        <ol className="chat-log">
          {timeline(messages).map((item) => {
            if (item.kind === 'day') {
              const day = relativeDay(item.date, now);
              return (
                <li key={item.key} className="chat-day" data-testid="chat-day">
                  <span>{day ? t(`chat.${day}`) : formatDateTime(item.date.toISOString()).slice(0, 10)}</span>
                </li>
              );
            }
            if (item.kind === 'end') {
              return (
                <li key={item.key} className="chat-end" data-testid="chat-end">
                  <span>{t('chat.endOfConversation')}</span>
                </li>
              );
            }
            const m = item.message;
            const mine = m.sender === 'customer';
            return (
              <li key={item.key} className={`chat-row${mine ? ' chat-row--mine' : ''}`} data-testid="chat-message" data-sender={mine ? 'me' : 'site'}>
                {!mine && <span className="chat-row__who">{t('chat.support')}</span>}
                <div className={`chat-bubble${mine ? ' chat-bubble--mine' : ''}`}>
                  <MessageBody body={m.message} api={api} onPostback={onPostback} localFile={localFiles.get(m._id)} />
                </div>
                <p className="chat-status">
                  <time dateTime={m.createdAt}>{formatDateTime(m.createdAt).slice(11, 16)}</time>
                  {mine && delivered.has(m._id) && <span data-testid="chat-delivered"> · {t('chat.status.succeed')}</span>}
                </p>
              </li>
            );
          })}
          {deliveries.map((d) => (
            <PendingMessage key={d.id} delivery={d} api={api} />
          ))}
        </ol>
      </div>

      {unseen && (
        <button type="button" className="chat-new-banner" onClick={showLatest} data-testid="chat-new-messages">
          {t('chat.newMessages')}
        </button>
      )}

      <form className="chat-composer" onSubmit={submit}>
        <input ref={fileInput} type="file" accept={ACCEPTED_FILES} hidden onChange={(e) => onFile(e.target.files)} data-testid="chat-file" />
        <button type="button" className="chat-icon-button" onClick={() => fileInput.current?.click()} aria-label={t('chat.attach')} data-testid="chat-attach">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M21 11.5l-8.6 8.6a5 5 0 0 1-7.1-7.1l8.6-8.6a3.3 3.3 0 0 1 4.7 4.7l-8.6 8.6a1.7 1.7 0 0 1-2.4-2.4l7.9-7.9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" /></svg>
        </button>
        <label className="visually-hidden" htmlFor="chat-text">{t('chat.placeholder')}</label>
        <textarea
          id="chat-text"
          className="chat-composer__text"
          rows={1}
          value={draft}
          maxLength={CHAT.textMax}
          placeholder={t('chat.placeholder')}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) submit(e);
          }}
        />
        <button type="submit" className="chat-send" disabled={!text} aria-label={t('chat.send')} data-testid="chat-send">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M3 11l18-8-8 18-2-8-8-2z" fill="currentColor" /></svg>
        </button>
      </form>
    </section>
  );
}
