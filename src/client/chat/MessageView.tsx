import { useTranslation } from 'react-i18next';
import type { Postback } from '../../../machines/chatDeliveryMachine';
import type { ChatApi, ChatMessage } from './chatApi';
import { isAllowedChatSource } from '../../contract/chatLinks';
import { ChatPicture, MediaView } from './MediaView';

type Body = ChatMessage['message'];
type Button = { type: 'web' | 'call' | 'postback' | 'other'; title: string; payload: string };

/** A button of a buttons, quick replies or card message: a link for web and call, a postback otherwise. */
function ChatButton({ button, onPostback, className }: { button: Button; onPostback: (p: Postback) => void; className: string }) {
  const { t } = useTranslation();
  if (button.type === 'web' && /^https?:\/\//i.test(button.payload)) {
    return (
      <a className={className} href={button.payload} target="_blank" rel="noopener noreferrer" title={t('chat.openLink')}>
        {button.title}
      </a>
    );
  }
  if (button.type === 'call' && /^\+?[0-9 -]{3,20}$/.test(button.payload)) {
    return (
      <a className={className} href={`tel:${button.payload.replace(/[^0-9+]/g, '')}`}>
        {button.title}
      </a>
    );
  }
  return (
    <button type="button" className={className} onClick={() => onPostback({ title: button.title, payload: button.payload })}>
      {button.title}
    </button>
  );
}

/** Every message kind of SPEC section 2; an unknown kind says it cannot be shown. */
export function MessageBody({ body, api, onPostback, localFile }: { body: Body; api: ChatApi; onPostback: (p: Postback) => void; localFile?: Blob }) {
  const { t } = useTranslation();
  switch (body.message_type) {
    case 'text':
      return <p className="chat-text">{body.payload}</p>;
    case 'postback':
      return <p className="chat-text">{body.payload.title}</p>;
    case 'media':
      return <MediaView media={body.payload} api={api} localFile={localFile} />;
    case 'buttons':
      return (
        <div className="chat-buttons">
          <p className="chat-text">{body.payload.text}</p>
          {body.payload.buttons.map((b, i) => (
            <ChatButton key={i} button={b} onPostback={onPostback} className="chat-buttons__button" />
          ))}
        </div>
      );
    case 'quick_replies':
      return (
        <div>
          <p className="chat-text">{body.payload.text}</p>
          <div className="chat-replies">
            {body.payload.replies.map((b, i) => (
              <ChatButton key={i} button={b} onPostback={onPostback} className="chat-replies__chip" />
            ))}
          </div>
        </div>
      );
    case 'generic':
      return (
        <ul className="chat-cards">
          {body.payloads.map((card, i) => (
            <li key={i} className="chat-card">
              {card.image_url && isAllowedChatSource(card.image_url) && (
                <ChatPicture path={card.image_url} api={api} alt={t('chat.cardImageAlt', { title: card.title })} className="chat-card__image" />
              )}
              <p className="chat-card__title">{card.title}</p>
              {card.subtitle && <p className="chat-card__subtitle">{card.subtitle}</p>}
              {card.buttons.map((b, j) => (
                <ChatButton key={j} button={b} onPostback={onPostback} className="chat-buttons__button" />
              ))}
            </li>
          ))}
        </ul>
      );
    default:
      return <p className="chat-text chat-text--muted">{t('chat.unknownMessage')}</p>;
  }
}
