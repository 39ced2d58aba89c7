import type { StatementType } from '../../contract';
import { BonusIcon, DepositIcon, FinishIcon, TransferIcon, WithdrawIcon } from '../wallet/moneyIcons';

const ICONS: Record<StatementType, typeof DepositIcon> = {
  deposit: DepositIcon,
  withdraw: WithdrawIcon,
  transfer: TransferIcon,
  bonus: BonusIcon,
  finish_bonus: FinishIcon,
};

/** The type icon of a statement row, tinted by type. */
export function StatementIcon({ type }: { type: StatementType }) {
  const Icon = ICONS[type];
  return (
    <span className={`statement-icon statement-icon--${type}`} aria-hidden="true">
      <Icon size={22} />
    </span>
  );
}
