import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../ui/icons';
import { RefreshIcon } from '../wallet/moneyIcons';
import type { AppUpdateActor } from './appUpdate';
import '../ui/dialog.css';
import './pwa.css';

/**
 * "A new version is ready" with an Update button (issue 32): polite (a status, not an alert), at
 * the top of the column like a toast, covering nothing for long; put away, the new version comes
 * on the next visit. The machine decides (machines/appUpdateMachine.ts); this only shows it.
 */
export default function UpdatePrompt({ actor }: { actor: AppUpdateActor }) {
  const { t } = useTranslation();
  const state = useSelector(actor, (snapshot) => snapshot);
  const shown = state.matches('available') || state.matches('updating');
  const updating = state.matches('updating') || state.matches('reloading');
  return (
    <div className="app-update" role="status" data-testid="app-update">
      {(shown || updating) && (
        <div className="app-update__card">
          <RefreshIcon size={20} className="app-update__icon" />
          <span className="app-update__text">{t('pwa.updateReady')}</span>
          <button
            type="button"
            className="btn btn--gold app-update__button"
            onClick={() => actor.send({ type: 'update.accepted' })}
            disabled={!state.can({ type: 'update.accepted' })}
            aria-busy={updating}
          >
            {updating ? t('pwa.updating') : t('pwa.update')}
          </button>
          <button
            type="button"
            className="dialog__close app-update__close"
            aria-label={t('pwa.close')}
            onClick={() => actor.send({ type: 'update.dismissed' })}
            disabled={!state.can({ type: 'update.dismissed' })}
          >
            <CloseIcon size={16} />
          </button>
        </div>
      )}
    </div>
  );
}
