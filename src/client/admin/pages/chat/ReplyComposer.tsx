import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT } from '../../../../contract/constants';
import { adminChatEndSession, adminChatReply, adminChatUploadImage, adminChatUploadVideo } from '../../../../contract/endpoints/chatOperator';
import { ACCEPTED_FILES } from '../../../chat/attachments';
import { useAction } from '../../../ui/useAction';
import { adminCall, adminUpload } from '../../api';
import {
  BUTTON_KINDS,
  checkDraft,
  emptyButton,
  emptyDraft,
  MAX_BUTTONS,
  REPLY_KINDS,
  replyOf,
  type ButtonDraft,
  type ButtonKind,
  type DraftProblem,
  type ReplyDraft,
  type ReplyKind,
} from './replyDraft';

const IMAGES = 'image/png,image/jpeg,image/gif,.png,.jpg,.jpeg,.gif';

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="admin-chat__field">
      <label className="field__label" htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

function TextInput({ label, value, onChange, multiline, maxLength = 200, inputMode }: {
  label: string; value: string; onChange: (v: string) => void; multiline?: boolean; maxLength?: number; inputMode?: 'url' | 'tel' | 'text';
}) {
  return (
    <Field label={label}>
      {(id) => (
        <div className="field__control">
          {multiline
            ? <textarea id={id} className="field__input" rows={3} maxLength={maxLength} value={value} onChange={(e) => onChange(e.target.value)} />
            : <input id={id} className="field__input" maxLength={maxLength} inputMode={inputMode} value={value} onChange={(e) => onChange(e.target.value)} />}
        </div>
      )}
    </Field>
  );
}

/** The buttons of a card, a buttons message or quick replies (quick replies answer with a code only). */
function ButtonRows({ buttons, kinds, max, onChange }: { buttons: ButtonDraft[]; kinds: readonly ButtonKind[]; max: number; onChange: (b: ButtonDraft[]) => void }) {
  const { t } = useTranslation();
  const set = (i: number, change: Partial<ButtonDraft>) => onChange(buttons.map((b, j) => (j === i ? { ...b, ...change } : b)));
  return (
    <div className="admin-chat__buttons">
      {buttons.map((b, i) => {
        const n = i + 1;
        return (
          <fieldset key={i} className="admin-chat__button-row">
            <legend className="visually-hidden">{t('admin.chat.buttonTitle', { n })}</legend>
            {kinds.length > 1 && (
              <Field label={t('admin.chat.buttonKind', { n })}>
                {(id) => (
                  <select id={id} className="admin-select" value={b.type} onChange={(e) => set(i, { type: e.target.value as ButtonKind })}>
                    {kinds.map((k) => <option key={k} value={k}>{t(`admin.chat.buttonKinds.${k}`)}</option>)}
                  </select>
                )}
              </Field>
            )}
            <TextInput label={t('admin.chat.buttonTitle', { n })} value={b.title} onChange={(title) => set(i, { title })} />
            <TextInput
              label={t(`admin.chat.buttonPayload.${b.type}`, { n })}
              value={b.payload}
              maxLength={b.type === 'web' ? 2000 : 1000}
              inputMode={b.type === 'web' ? 'url' : b.type === 'call' ? 'tel' : 'text'}
              onChange={(payload) => set(i, { payload })}
            />
            <button type="button" className="btn btn--ghost" onClick={() => onChange(buttons.filter((_, j) => j !== i))}>{t('admin.chat.removeButton', { n })}</button>
          </fieldset>
        );
      })}
      {buttons.length < max && (
        <button type="button" className="btn btn--ghost" onClick={() => onChange([...buttons, emptyButton(kinds[0])])}>{t('admin.chat.addButton')}</button>
      )}
    </div>
  );
}

/**
 * The operator's answer box: plain text, a photo or video (uploaded into the conversation, then
 * sent), a card with a picture (uploaded, or an https address) and buttons, buttons, quick replies,
 * or a file link; and ending the conversation. `onSent` reloads the thread and the list.
 */
export function ReplyComposer({ conversationId, onSent }: { conversationId: string; onSent: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ReplyDraft>(() => emptyDraft());
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const { busy, run } = useAction();
  const change = (patch: Partial<ReplyDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setProblem(null);
  };

  const send = () => {
    const check = checkDraft(draft);
    if ('problem' in check) {
      setProblem(check.problem);
      return;
    }
    void run(async () => {
      let uploaded: string | undefined;
      if (check.upload) {
        setUploading(true);
        const endpoint = check.upload.kind === 'image' ? adminChatUploadImage : adminChatUploadVideo;
        try {
          uploaded = await adminUpload(endpoint.path.replace(':conversationId', conversationId), check.upload.file);
        } finally {
          setUploading(false);
        }
      }
      const sent = await adminCall(adminChatReply, { params: { conversationId }, body: { message: replyOf(draft, uploaded) } });
      setDraft(emptyDraft(draft.kind));
      if (fileInput.current) fileInput.current.value = '';
      return sent;
    }, t('admin.chat.sent'), onSent);
  };

  const kind = draft.kind;
  return (
    <form className="admin-chat__reply" onSubmit={(e) => { e.preventDefault(); send(); }} data-testid="chat-reply">
      <Field label={t('admin.chat.kind')}>
        {(id) => (
          <select id={id} className="admin-select" value={kind} onChange={(e) => { setDraft(emptyDraft(e.target.value as ReplyKind)); setProblem(null); }} data-testid="chat-reply-kind">
            {REPLY_KINDS.map((k) => <option key={k} value={k}>{t(`admin.chat.kinds.${k}`)}</option>)}
          </select>
        )}
      </Field>

      {kind === 'text' && <TextInput label={t('admin.chat.answer')} value={draft.text} multiline maxLength={CHAT.textMax} onChange={(text) => change({ text })} />}
      {(kind === 'buttons' || kind === 'quick_replies') && (
        <TextInput label={t('admin.chat.buttonsText')} value={draft.text} multiline maxLength={CHAT.textMax} onChange={(text) => change({ text })} />
      )}
      {(kind === 'media' || kind === 'card') && (
        <Field label={kind === 'media' ? t('admin.chat.mediaFile') : t('admin.chat.cardImage')}>
          {(id) => (
            <input id={id} ref={fileInput} type="file" className="admin-chat__file-input" accept={kind === 'media' ? ACCEPTED_FILES : IMAGES}
              onChange={(e) => change({ file: e.target.files?.[0] ?? null })} data-testid="chat-reply-file" />
          )}
        </Field>
      )}
      {kind === 'media' && <TextInput label={t('admin.chat.caption')} value={draft.text} maxLength={CHAT.textMax} onChange={(text) => change({ text })} />}
      {kind === 'card' && (
        <>
          <TextInput label={t('admin.chat.cardImageUrl')} value={draft.cardImageUrl} maxLength={2000} inputMode="url" onChange={(cardImageUrl) => change({ cardImageUrl })} />
          <TextInput label={t('admin.chat.cardTitle')} value={draft.cardTitle} onChange={(cardTitle) => change({ cardTitle })} />
          <TextInput label={t('admin.chat.cardSubtitle')} value={draft.cardSubtitle} maxLength={500} onChange={(cardSubtitle) => change({ cardSubtitle })} />
        </>
      )}
      {(kind === 'card' || kind === 'buttons' || kind === 'quick_replies') && (
        <ButtonRows buttons={draft.buttons} kinds={kind === 'quick_replies' ? ['postback'] : BUTTON_KINDS} max={MAX_BUTTONS[kind] ?? 3} onChange={(buttons) => change({ buttons })} />
      )}
      {kind === 'file' && (
        <>
          <TextInput label={t('admin.chat.fileName')} value={draft.fileName} onChange={(fileName) => change({ fileName })} />
          <TextInput label={t('admin.chat.fileUrl')} value={draft.fileUrl} maxLength={2000} inputMode="url" onChange={(fileUrl) => change({ fileUrl })} />
        </>
      )}

      {problem && <p className="admin-note admin-note--error" role="alert">{t(`admin.chat.problem.${problem}`)}</p>}
      {uploading && <p className="admin-note" role="status">{t('admin.chat.uploading')}</p>}
      <div className="admin-actions">
        <button type="submit" className="btn btn--gold" disabled={busy}>{t('admin.chat.send')}</button>
        <EndConversation conversationId={conversationId} disabled={busy} onEnded={onSent} />
      </div>
    </form>
  );
}

function EndConversation({ conversationId, disabled, onEnded }: { conversationId: string; disabled: boolean; onEnded: () => void }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  return (
    <button type="button" className="btn btn--ghost" disabled={disabled || busy}
      onClick={() => void run(() => adminCall(adminChatEndSession, { params: { conversationId } }), t('admin.chat.ended'), onEnded)}>
      {t('admin.chat.end')}
    </button>
  );
}
