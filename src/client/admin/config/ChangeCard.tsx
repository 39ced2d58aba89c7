import { useTranslation } from 'react-i18next';
import { adminApproveConfigChange, adminRejectConfigChange, type ConfigChangeView } from '../../../contract';
import { useAction } from '../../ui/useAction';
import { adminCall } from '../api';
import { ChangeDiff } from '../diff/ChangeDiff';
import { ReasonAction, When } from '../parts';
import { useOperator } from '../session';

/**
 * A configuration change: what it changes (field by field), who proposed it and when, and for a
 * pending one the decision. Approve is offered to approvers other than its proposer; a stale
 * change (its item changed since) can only be rejected and proposed again.
 */
export function ChangeCard({ change, onDecided }: { change: ConfigChangeView; onDecided: () => void }) {
  const { t, i18n } = useTranslation();
  const { can, operator } = useOperator();
  // A field's name in words: the section's label of the path's last named part (qr.KBANK.maximum: "Largest QR").
  const label = (path: string) => {
    const name = path.replace(/\[\d+\]/g, '').split('.').at(-1);
    const key = `admin.config.${change.section}.${name}`;
    return name && i18n.exists(key) && typeof t(key as never) === 'string' ? (t(key as never) as string) : null;
  };
  const { busy, run } = useAction();
  const mayDecide = change.status === 'pending' && can('config.approve');
  const own = change.proposedBy === operator.username;
  return (
    <li className="admin-card panel config-change" data-testid="config-change" data-status={change.status}>
      <div className="admin-card__top">
        <h2>{t(`admin.config.sections.${change.section}`)} · <code>{change.target}</code></h2>
        <span className={`admin-badge admin-badge--${change.status === 'rejected' ? 'locked' : 'active'}`}>{t(`admin.config.status.${change.status}`)}</span>
      </div>
      <p className="admin-note">
        {t('admin.config.proposedBy', { name: change.proposedBy })} · <When value={change.createdAt} />
        {change.decidedBy && <> · {t('admin.config.decidedBy', { name: change.decidedBy })}</>}
      </p>
      {change.stale && <p className="admin-note admin-note--error">{t('admin.config.stale')}</p>}
      {change.note && <p className="admin-note">{change.note}</p>}
      <ChangeDiff before={change.before} after={change.after} label={label} />
      {mayDecide && (
        <div className="admin-actions">
          {!own && !change.stale && (
            <button type="button" className="btn btn--gold" data-testid="config-approve" disabled={busy}
              onClick={() => run(() => adminCall(adminApproveConfigChange, { params: { id: change.id } }), t('admin.config.approvedToast'), onDecided)}>
              {t('admin.approve')}
            </button>
          )}
          <ReasonAction label={own ? t('admin.config.withdraw') : t('admin.reject')} confirmLabel={t('admin.confirmReject')} disabled={busy}
            onConfirm={(note) => run(() => adminCall(adminRejectConfigChange, { params: { id: change.id }, body: { note } }), t('admin.config.rejectedToast'), onDecided)} />
        </div>
      )}
      {mayDecide && own && <p className="admin-note">{t('admin.config.ownProposal')}</p>}
    </li>
  );
}

/** A section's changes waiting for approval, under its form (nothing when none wait). */
export function PendingHere({ pending, onDecided }: { pending: ConfigChangeView[]; onDecided: () => void }) {
  const { t } = useTranslation();
  if (pending.length === 0) return null;
  return (
    <>
      <h3>{t('admin.config.waitingHere')}</h3>
      <ul className="admin-list">{pending.map((c) => <ChangeCard key={c.id} change={c} onDecided={onDecided} />)}</ul>
    </>
  );
}
