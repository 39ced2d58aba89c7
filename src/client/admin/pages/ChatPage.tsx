import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { conversationMessage } from '../../../contract/endpoints/chat';
import { adminChatConversations, adminChatMessages, adminChatRead } from '../../../contract/endpoints/chatOperator';
import { adminCall } from '../api';
import { LoadState, PageHead, When } from '../parts';
import { useChatConsoleLive } from '../useChatConsoleLive';
import { useLoad } from '../useLoad';
import { ReplyComposer } from './chat/ReplyComposer';
import { ThreadMessage } from './chat/ThreadMessage';

/** How often the open page asks for new conversations and messages while its socket is not live. */
const REFRESH_MS = 5_000;
const THREAD_SIZE = 50;

type Message = z.infer<typeof conversationMessage>;

/** Reloads every REFRESH_MS while the page is open and visible, and not live (then changes come by socket). */
function useRefresh(reload: () => void, live: boolean) {
  useEffect(() => {
    if (live) return;
    const timer = setInterval(() => { if (document.visibilityState === 'visible') reload(); }, REFRESH_MS);
    return () => clearInterval(timer);
  });
}

/** The support chat for operators: conversations by last activity, one thread, an answer box. */
export function ChatPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const { data, error, reload } = useLoad(() => adminCall(adminChatConversations, { query: { limit: 50, skip: 0 } }), []);
  // A change to the open conversation (or a rejoin, when changes may have been missed) reloads its thread too.
  const [threadVersion, setThreadVersion] = useState(0);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  const onChange = useCallback(
    (conversationId: string | null) => {
      reload();
      if (conversationId === null || conversationId === openRef.current) setThreadVersion((v) => v + 1);
    },
    [reload],
  );
  const live = useChatConsoleLive(onChange);
  useRefresh(reload, live);
  const conversations = data?.conversations ?? [];

  return (
    <section className="admin-page" aria-labelledby="chat-title">
      <PageHead id="chat-title" title={t('admin.nav.chat')} />
      <p className="admin-chat__status" data-testid="chat-live" data-live={live}>{live ? t('admin.chat.live') : t('admin.chat.polling')}</p>
      <LoadState error={error} loading={!data} empty={conversations.length === 0} />
      <div className="admin-chat">
        <ul className="admin-chat__list" aria-label={t('admin.chat.conversations')}>
          {conversations.map((c) => (
            <li key={c._id}>
              <button type="button" className="admin-chat__conversation" aria-current={open === c._id} data-testid="chat-conversation" onClick={() => setOpen(c._id)}>
                <span className="admin-chat__who">{c.name ?? t('admin.chat.guest')}{c.username ? ` · ${c.username}` : ''}</span>
                {c.unread > 0 && <span className="admin-chat__unread" aria-label={t('admin.chat.unread', { count: c.unread })}>{c.unread}</span>}
                <span className="admin-chat__preview">{c.lastMessage ? preview(c.lastMessage, t) : ''}</span>
                <When value={c.lastMessageAt} />
              </button>
            </li>
          ))}
        </ul>
        {open && <Thread key={open} id={open} version={threadVersion} live={live} onChanged={reload} />}
      </div>
    </section>
  );
}

function Thread({ id, version, live, onChanged }: { id: string; version: number; live: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const { data, error, reload } = useLoad(() => adminCall(adminChatMessages, { params: { conversationId: id }, query: { limit: THREAD_SIZE, skip: 0 } }), [id, version]);
  useRefresh(reload, live);
  const loaded = Boolean(data);
  // On a phone the thread is below the list: bring it into view once it has loaded.
  useEffect(() => {
    if (loaded) box.current?.scrollIntoView({ block: 'start' });
  }, [loaded]);
  // The newest message is at the bottom: keep it in view as messages come.
  const newest = data?.messages.at(-1)?._id;
  useLayoutEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [newest]);
  const unread = data?.conversation.unread ?? 0;
  // Opening a conversation (and each new customer message while it is open) marks it read.
  useEffect(() => {
    if (unread > 0) void adminCall(adminChatRead, { params: { conversationId: id } }).then(onChanged, () => undefined);
  }, [id, unread, onChanged]);

  if (!data) return <LoadState error={error} loading empty={false} />;
  const customer = data.conversation.name ?? t('admin.chat.guest');
  return (
    <div ref={box} className="admin-chat__thread panel" data-testid="chat-thread">
      <h2>{customer}</h2>
      <ol ref={list} className="admin-chat__messages" aria-live="polite">
        {data.messages.map((m) => {
          const who = m.sender === 'customer' ? (m.name ?? customer) : (m.name ?? t('admin.chat.site'));
          return (
            <li key={m._id} className={`admin-chat__message admin-chat__message--${m.sender === 'customer' ? 'customer' : 'site'}`} data-testid="chat-thread-message">
              <ThreadMessage body={m.message} who={who} />
              <small>{who} · <When value={m.createdAt} /></small>
            </li>
          );
        })}
      </ol>
      <ReplyComposer conversationId={id} onSent={() => { reload(); onChanged(); }} />
    </div>
  );
}

/** One line for any message kind: its text, or what kind of thing it is. */
function preview(m: Message, t: TFunction): string {
  const body = m.message as { message_type: string; payload?: unknown; payloads?: unknown[] };
  if (body.message_type === 'text' && typeof body.payload === 'string') return body.payload;
  const payload = (body.payload ?? {}) as { text?: string; title?: string; message?: string; fileType?: string };
  const kind = payload.fileType === 'image' || payload.fileType === 'video' ? payload.fileType : 'file';
  if (body.message_type === 'media') return payload.message || t(`admin.chat.file.${kind}`);
  return payload.text ?? payload.title ?? t('admin.chat.other');
}
