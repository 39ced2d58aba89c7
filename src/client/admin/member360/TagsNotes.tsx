import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  adminAddMemberNote, adminAddMemberTag, adminRemoveMemberTag, MEMBER_NOTE_MAX, MEMBER_TAG_MAX, type ResponseOf, type adminMemberOverview,
} from '../../../contract';
import { useAction } from '../../ui/useAction';
import { adminCall } from '../api';
import { When } from '../parts';
import { useOperator } from '../session';

type Overview = ResponseOf<typeof adminMemberOverview>;

/**
 * Operators' tags and notes on a member. A note is shown as text (React escapes it), never as
 * HTML, with its line breaks; notes are never edited or removed. Without `members.notes` they are read only.
 */
export function TagsNotesCard({ memberId, tags, notes, onChanged }: { memberId: number; tags: Overview['tags']; notes: Overview['notes']; onChanged: () => void }) {
  const { t } = useTranslation();
  const { can } = useOperator();
  const edit = can('members.notes');
  const { busy, run } = useAction();
  const [tag, setTag] = useState('');
  const [note, setNote] = useState('');
  const tagId = useId();
  const noteId = useId();

  const addTag = () => run(() => adminCall(adminAddMemberTag, { params: { id: memberId }, body: { tag: tag.trim() } }), t('admin.member360.tagAdded'), () => { setTag(''); onChanged(); });
  const removeTag = (value: string) => run(() => adminCall(adminRemoveMemberTag, { params: { id: memberId, tag: value } }), t('admin.member360.tagRemoved'), onChanged);
  const addNote = () => run(() => adminCall(adminAddMemberNote, { params: { id: memberId }, body: { text: note.trim() } }), t('admin.member360.noteAdded'), () => { setNote(''); onChanged(); });

  return (
    <div className="admin-card panel" data-testid="m360-notes">
      <h2>{t('admin.member360.tags')}</h2>
      {tags.length === 0 ? <p className="admin-note">{t('admin.member360.noTags')}</p> : (
        <ul className="m360-tags">
          {tags.map((x) => (
            <li key={x.tag} className="m360-tag" title={x.by ? `${x.by} · ${x.at}` : x.at}>
              <span>{x.tag}</span>
              {edit && (
                <button type="button" className="m360-tag__remove" disabled={busy} aria-label={t('admin.member360.removeTag', { tag: x.tag })} onClick={() => void removeTag(x.tag)}>×</button>
              )}
            </li>
          ))}
        </ul>
      )}
      {edit && (
        <form className="m360-add" onSubmit={(e) => { e.preventDefault(); if (tag.trim()) void addTag(); }}>
          <label htmlFor={tagId} className="field__label">{t('admin.member360.newTag')}</label>
          <div className="m360-add__row">
            <div className="field__control"><input id={tagId} className="field__input" value={tag} maxLength={MEMBER_TAG_MAX} onChange={(e) => setTag(e.target.value)} /></div>
            <button type="submit" className="btn btn--ghost" disabled={busy || !tag.trim()}>{t('admin.member360.addTag')}</button>
          </div>
        </form>
      )}
      <h2>{t('admin.member360.notes')}</h2>
      {notes.length === 0 ? <p className="admin-note">{t('admin.member360.noNotes')}</p> : (
        <ul className="m360-notes">
          {notes.map((n) => (
            <li key={n.id}>
              <p className="m360-note__text">{n.text}</p>
              <span className="admin-note">{n.by ?? '-'} · <When value={n.at} /></span>
            </li>
          ))}
        </ul>
      )}
      {edit && (
        <form className="m360-add" onSubmit={(e) => { e.preventDefault(); if (note.trim()) void addNote(); }}>
          <label htmlFor={noteId} className="field__label">{t('admin.member360.newNote')}</label>
          <textarea id={noteId} className="field__input m360-add__note" rows={3} value={note} maxLength={MEMBER_NOTE_MAX} onChange={(e) => setNote(e.target.value)} />
          <button type="submit" className="btn btn--ghost" disabled={busy || !note.trim()}>{t('admin.member360.addNote')}</button>
        </form>
      )}
    </div>
  );
}
