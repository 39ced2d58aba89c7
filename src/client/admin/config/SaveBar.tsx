import { useTranslation } from 'react-i18next';

/**
 * The foot of a configuration form: says before the press whether the change applies at once or
 * waits for a second operator, and what the contract refuses in the form (`problems`: field
 * names), so no save is offered that the server would refuse.
 */
export function SaveBar({ canEdit, movesMoney, dirty, busy, problems, onSave, onReset }: {
  canEdit: boolean; movesMoney: boolean; dirty: boolean; busy: boolean; problems: string[]; onSave: () => void; onReset: () => void;
}) {
  const { t } = useTranslation();
  if (!canEdit) return <p className="admin-note">{t('admin.config.readOnly')}</p>;
  return (
    <div className="config-savebar">
      {problems.length > 0 && (
        <p className="admin-note admin-note--error" role="alert" data-testid="config-problems">{t('admin.config.problems', { fields: problems.join(', ') })}</p>
      )}
      <p className="admin-note" data-testid="config-effect">{movesMoney ? t('admin.config.needsApproval') : t('admin.config.appliesAtOnce')}</p>
      <div className="admin-actions">
        <button type="button" className="btn btn--gold" data-testid="config-save" disabled={!dirty || busy || problems.length > 0} onClick={onSave}>
          {movesMoney ? t('admin.config.propose') : t('admin.config.save')}
        </button>
        <button type="button" className="btn btn--ghost" disabled={!dirty || busy} onClick={onReset}>{t('admin.config.undo')}</button>
      </div>
    </div>
  );
}
