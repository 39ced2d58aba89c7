import { useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { DepositIcon } from '../wallet/moneyIcons';
import { DepositModal } from './DepositModal';
import { useDepositActions } from './useDepositActions';

/**
 * The home's deposit widget (first in the widgets row) and its modal. The uploads and gift links
 * it starts belong to the widget, which lives as long as the home, not to the modal.
 */
export function DepositWidget({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const actions = useDepositActions();
  return (
    <li>
      <button type="button" className="widget" aria-haspopup="dialog" disabled={disabled} onClick={() => setOpen(true)} data-testid="widget-deposit">
        <span className="widget__icon">
          <DepositIcon size={26} />
        </span>
        <span className="widget__label">{t('deposit.widget')}</span>
      </button>
      {/* The modal sits outside the widgets list, so the list holds only its buttons. */}
      {createPortal(<DepositModal open={open} onClose={close} actions={actions} />, document.body)}
    </li>
  );
}
