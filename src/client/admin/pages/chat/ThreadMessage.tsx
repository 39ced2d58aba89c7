import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { chatUploadId, isAllowedChatSource, isHttpsAddress } from '../../../../contract/chatLinks';
import type { conversationMessage } from '../../../../contract/endpoints/chat';
import { adminChatFilePath } from '../../../../contract/endpoints/chatOperator';
import { adminFile } from '../../api';

type Message = z.infer<typeof conversationMessage>;
type Body = Message['message'];
type Button = { title: string };

/**
 * What a chat picture, video or file link may load in the console: an https address as it is, an
 * upload as a blob fetched with the operator's token (the console's own file route), nothing else.
 */
function useConsoleSource(path: string): { src: string | null; failed: boolean } {
  const fileId = chatUploadId(path);
  const [blob, setBlob] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!fileId) return;
    let live = true;
    let made: string | null = null;
    adminFile(adminChatFilePath(fileId)).then(
      (file) => {
        if (!live) return;
        made = URL.createObjectURL(file);
        setBlob(made);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [fileId]);
  if (isHttpsAddress(path)) return { src: path, failed: false };
  return { src: blob, failed: failed || !fileId };
}

function Picture({ path, alt, className }: { path: string; alt: string; className: string }) {
  const { t } = useTranslation();
  const { src, failed } = useConsoleSource(path);
  if (failed) return <span className="admin-note">{t('admin.chat.fileLoadFailed')}</span>;
  return src ? <img src={src} alt={alt} className={className} referrerPolicy="no-referrer" /> : <span className="admin-chat__placeholder" aria-hidden="true" />;
}

function Video({ path, label }: { path: string; label: string }) {
  const { t } = useTranslation();
  const { src, failed } = useConsoleSource(path);
  if (failed) return <span className="admin-note">{t('admin.chat.fileLoadFailed')}</span>;
  return src
    ? <video src={src} controls playsInline preload="metadata" className="admin-chat__media" aria-label={label} data-testid="chat-thread-video" />
    : <span className="admin-chat__placeholder" aria-hidden="true" />;
}

function FileLink({ path, name }: { path: string; name: string }) {
  const { t } = useTranslation();
  const { src, failed } = useConsoleSource(path);
  if (failed) return <span className="admin-note">{t('admin.chat.fileLoadFailed')}</span>;
  const outside = isHttpsAddress(path);
  return (
    <a href={src ?? undefined} className="admin-chat__file" {...(outside ? { target: '_blank', rel: 'noopener noreferrer' } : { download: name })}>
      {name}
    </a>
  );
}

/** The buttons or quick replies the customer sees, as the console shows them (not pressable here). */
function Chips({ buttons }: { buttons: readonly Button[] }) {
  const { t } = useTranslation();
  if (buttons.length === 0) return null;
  return (
    <ul className="admin-chat__chips" aria-label={t('admin.chat.buttonsShown')}>
      {buttons.map((b, i) => <li key={i}>{b.title}</li>)}
    </ul>
  );
}

/**
 * One message of a thread as the operator reads it: the customer's photos and videos themselves
 * (not the word "image"), and every kind the widget shows, as the customer sees it.
 */
export function ThreadMessage({ body, who }: { body: Body; who: string }) {
  const { t } = useTranslation();
  switch (body.message_type) {
    case 'text':
      return <p className="admin-chat__text">{body.payload}</p>;
    case 'postback':
      return <p className="admin-chat__text">{t('admin.chat.tapped', { title: body.payload.title })}</p>;
    case 'media': {
      const { fileType, filePath, name, message } = body.payload;
      return (
        <figure className="admin-chat__figure">
          {fileType === 'image' && <Picture path={filePath} alt={t('admin.chat.imageFrom', { who })} className="admin-chat__media" />}
          {fileType === 'video' && <Video path={filePath} label={t('admin.chat.videoFrom', { who })} />}
          {fileType === 'file' && <FileLink path={filePath} name={name?.trim() || t('admin.chat.file.file')} />}
          {message && <figcaption>{message}</figcaption>}
        </figure>
      );
    }
    case 'buttons':
      return <><p className="admin-chat__text">{body.payload.text}</p><Chips buttons={body.payload.buttons} /></>;
    case 'quick_replies':
      return <><p className="admin-chat__text">{body.payload.text}</p><Chips buttons={body.payload.replies} /></>;
    case 'generic':
      return (
        <div className="admin-chat__cards">
          {body.payloads.map((card, i) => (
            <div key={i} className="admin-chat__card">
              {card.image_url && isAllowedChatSource(card.image_url) && <Picture path={card.image_url} alt={t('chat.cardImageAlt', { title: card.title })} className="admin-chat__card-image" />}
              <strong>{card.title}</strong>
              {card.subtitle && <span>{card.subtitle}</span>}
              <Chips buttons={card.buttons} />
            </div>
          ))}
        </div>
      );
    default:
      return <p className="admin-chat__text">{t('admin.chat.other')}</p>;
  }
}
