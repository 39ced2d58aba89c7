import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatApi } from './chatApi';

interface Media {
  message?: string;
  url: boolean;
  fileType: 'image' | 'video' | 'file';
  filePath: string;
  name?: string;
}

/**
 * An uploaded file, fetched with the customer's identity (files are served only to their
 * conversation) and shown from a blob URL; an outside address is offered as a link only.
 */
export function MediaView({ media, api, localFile }: { media: Media; api: ChatApi; localFile?: Blob }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (media.url) return;
    let live = true;
    let made: string | null = null;
    const load = localFile ? Promise.resolve(localFile) : api.file(media.filePath);
    load
      .then((blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setSrc(made);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [api, media.filePath, media.url, localFile]);

  const safeHttp = /^https?:\/\//i.test(media.filePath);
  return (
    <figure className="chat-media">
      {media.url ? (
        safeHttp && (
          <a href={media.filePath} target="_blank" rel="noopener noreferrer" className="chat-media__link">
            {media.name ?? media.filePath}
          </a>
        )
      ) : src && media.fileType === 'image' ? (
        <img src={src} alt={t('chat.imageAlt')} className="chat-media__image" />
      ) : src && media.fileType === 'video' ? (
        <video src={src} controls playsInline preload="metadata" className="chat-media__video" aria-label={t('chat.videoLabel')} />
      ) : (
        <span className="chat-media__placeholder" aria-hidden="true" />
      )}
      {media.message && <figcaption>{media.message}</figcaption>}
    </figure>
  );
}
