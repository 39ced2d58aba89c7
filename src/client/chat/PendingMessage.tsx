import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { Postback } from '../../../machines/chatDeliveryMachine';
import type { ChatApi } from './chatApi';
import { MessageBody } from './MessageView';
import type { Delivery } from './useDeliveries';

const noPostback = (_: Postback) => undefined;

/**
 * A message on its way, as its delivery machine stands: uploading with a progress bar,
 * sending, or failed with resend and remove (SPEC section 4).
 */
export function PendingMessage({ delivery, api }: { delivery: Delivery; api: ChatApi }) {
  const { t } = useTranslation();
  const state = useSelector(delivery.actor, (s) => s);
  const { attachment, progress, text, postback } = state.context;
  const status = state.value as 'routing' | 'uploading_file' | 'sending' | 'failed' | 'succeed' | 'removed';
  const percent = Math.round(progress * 100);
  const preview = attachment
    ? { message_type: 'media' as const, payload: { url: false, fileType: attachment.fileType, filePath: `local:${delivery.id}`, name: attachment.fileName } }
    : postback
      ? { message_type: 'postback' as const, payload: postback }
      : { message_type: 'text' as const, payload: text ?? '' };

  return (
    <li className={`chat-row chat-row--mine chat-row--${status}`} data-testid="chat-pending" data-status={status}>
      <div className="chat-bubble chat-bubble--mine">
        <MessageBody body={preview} api={api} onPostback={noPostback} localFile={attachment?.file} />
        {status === 'uploading_file' && (
          <div className="chat-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('chat.status.uploading_file', { percent })}>
            <span className="chat-progress__bar" style={{ width: `${percent}%` }} />
          </div>
        )}
      </div>
      <p className="chat-status" role={status === 'failed' ? 'alert' : 'status'}>
        {status === 'uploading_file' && t('chat.status.uploading_file', { percent })}
        {status === 'sending' && t('chat.status.sending')}
        {status === 'failed' && t('chat.status.failed')}
      </p>
      {state.can({ type: 'message.retry' }) && (
        <div className="chat-status__actions">
          <button type="button" className="chat-link-button" onClick={() => delivery.actor.send({ type: 'message.retry' })}>
            {t('chat.resend')}
          </button>
          <button type="button" className="chat-link-button chat-link-button--muted" onClick={() => delivery.actor.send({ type: 'message.remove' })}>
            {t('chat.remove')}
          </button>
        </div>
      )}
    </li>
  );
}
