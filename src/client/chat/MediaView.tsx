import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chatUploadId, isHttpsAddress } from '../../contract/chatLinks';
import type { ChatApi } from './chatApi';

interface Media {
  message?: string;
  url: boolean;
  fileType: 'image' | 'video' | 'file';
  filePath: string;
  name?: string;
}

/**
 * What an image, a video or a link of the chat may load (src/contract/chatLinks.ts): an https
 * address as it is; an upload of the chat as a blob URL, fetched with the customer's identity
 * (files are served only to their conversation), or the file just sent; nothing else, so no
 * javascript: or data: address ever reaches the page. `src` is null until there is something.
 */
export function useChatSource(path: string, api: ChatApi, localFile?: Blob): { src: string | null; refused: boolean } {
  const outside = !localFile && isHttpsAddress(path);
  const upload = !localFile && chatUploadId(path) !== undefined;
  const [blob, setBlob] = useState<string | null>(null);
  useEffect(() => {
    if (!localFile && !upload) return;
    let live = true;
    let made: string | null = null;
    (localFile ? Promise.resolve(localFile) : api.file(path))
      .then((file) => {
        if (!live) return;
        made = URL.createObjectURL(file);
        setBlob(made);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [api, path, upload, localFile]);
  if (outside) return { src: path, refused: false };
  return { src: blob, refused: !localFile && !upload };
}

/** A picture of the chat (a media image, a card's picture) from an allowed source only. */
export function ChatPicture({ path, api, alt, className, localFile }: { path: string; api: ChatApi; alt: string; className: string; localFile?: Blob }) {
  const { src, refused } = useChatSource(path, api, localFile);
  if (refused) return null;
  return src
    ? <img src={src} alt={alt} className={className} referrerPolicy="no-referrer" loading="lazy" />
    : <span className="chat-media__placeholder" aria-hidden="true" />;
}

/** A document offered as a link: its name, and whether it opens in a new tab or downloads. */
function FileLink({ media, api, localFile }: { media: Media; api: ChatApi; localFile?: Blob }) {
  const { t } = useTranslation();
  const { src, refused } = useChatSource(media.filePath, api, localFile);
  const name = media.name?.trim() || t('chat.file');
  if (refused) return <p className="chat-text chat-text--muted">{t('chat.unknownMessage')}</p>;
  const outside = media.url && isHttpsAddress(media.filePath);
  return (
    <a
      className="chat-file"
      href={src ?? undefined}
      aria-disabled={src ? undefined : true}
      {...(outside ? { target: '_blank', rel: 'noopener noreferrer' } : { download: name })}
      data-testid="chat-file-link"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" className="chat-file__icon"><path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 13h6M9 17h6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" /></svg>
      <span className="chat-file__text">
        <span className="chat-file__name">{name}</span>
        <span className="chat-file__hint">{outside ? t('chat.openLink') : t('chat.download')}</span>
      </span>
    </a>
  );
}

/** A media message: a picture, a video, or a file with its name and a link. */
export function MediaView({ media, api, localFile }: { media: Media; api: ChatApi; localFile?: Blob }) {
  const { t } = useTranslation();
  return (
    <figure className="chat-media">
      {media.fileType === 'file' ? (
        <FileLink media={media} api={api} localFile={localFile} />
      ) : media.fileType === 'image' ? (
        <ChatPicture path={media.filePath} api={api} alt={t('chat.imageAlt')} className="chat-media__image" localFile={localFile} />
      ) : (
        <ChatVideo path={media.filePath} api={api} localFile={localFile} />
      )}
      {media.message && <figcaption>{media.message}</figcaption>}
    </figure>
  );
}

function ChatVideo({ path, api, localFile }: { path: string; api: ChatApi; localFile?: Blob }) {
  const { t } = useTranslation();
  const { src, refused } = useChatSource(path, api, localFile);
  if (refused) return null;
  return src
    ? <video src={src} controls playsInline preload="metadata" className="chat-media__video" aria-label={t('chat.videoLabel')} />
    : <span className="chat-media__placeholder" aria-hidden="true" />;
}
