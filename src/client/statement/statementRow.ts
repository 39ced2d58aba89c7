import type { TFunction } from 'i18next';
import { STATUS_FAILED, STATUS_SUCCESS, type ResponseOf, type endpoints } from '../../contract';
import { joinLaoWords } from '../format/laoWords';
import { accountName } from '../wallet/balance';

export type StatementRow = ResponseOf<typeof endpoints.statementList>['statements'][number];

/** SPEC section 4: SUCCESS, FAILED, anything else is in progress. */
export type StatementStatus = 'success' | 'failed' | 'pending';
export const statementStatus = (status: string): StatementStatus =>
  status === STATUS_SUCCESS ? 'success' : status === STATUS_FAILED ? 'failed' : 'pending';

export const statusText = (t: TFunction, status: string): string => {
  const kind = statementStatus(status);
  return kind === 'success' ? t('statement.status.SUCCESS') : kind === 'failed' ? t('statement.status.FAILED') : t('statement.status.pending');
};

export interface StatementNames {
  /** Game accounts, for a game code's provider name. */
  slots: readonly { code: string; name: string }[];
  /** A bank code's name (withdrawals go to the member's bank). */
  bankName: (code: string) => string | undefined;
}

/** The activity line: "Transfer from Main wallet to PG Soft", "Withdraw to Siam Commercial Bank", ... */
export const activityText = (t: TFunction, row: StatementRow, names: StatementNames): string => {
  const wallet = t('statement.wallet');
  const name = (code: string | null) => (code && names.bankName(code)) || accountName(code, names.slots, wallet);
  switch (row.statementType) {
    case 'transfer':
      return t('statement.activity.transfer', { from: accountName(row.from, names.slots, wallet), to: accountName(row.to, names.slots, wallet) });
    case 'withdraw':
      return t('statement.activity.withdraw', { to: name(row.to) });
    case 'deposit': {
      const to = accountName(row.to ?? 'wallet', names.slots, wallet);
      // The server names the channel in `from`: slip, truewallet, bank (the bank's feed), sandbox, or the QR provider's code.
      const channel = row.from === 'slip' || row.from === 'truewallet' || row.from === 'bank' || row.from === 'sandbox' ? row.from : row.from ? 'qr' : undefined;
      return channel ? t('statement.activity.depositVia', { channel: t(`statement.channel.${channel}`), to }) : t('statement.activity.deposit', { to });
    }
    case 'bonus':
      return t('statement.activity.bonus', { to: accountName(row.to ?? 'wallet', names.slots, wallet) });
    case 'finish_bonus':
      return t('statement.activity.finish_bonus');
  }
};

/**
 * The words for the bonus, promotion, invite, refund or lucky draw a row comes from, if any, in
 * the member's language now: the server answers a bonus's, promotion's or prize's own text in
 * the language asked; an invite bonus and a refund have no text of their own (the server sends
 * their marker, 'INVITE' or 'REFUND'), so they are worded here.
 */
export const linkedDescription = (t: TFunction, row: StatementRow): string | undefined => {
  if (row.invite) return t('statement.linked.invite');
  if (row.refund) return t('statement.linked.refund');
  const text = (row.bonus ?? row.promotion ?? row.luckydraw)?.description;
  // The operator's words: Lao ones kept whole at line ends, as the catalogue's are.
  return text ? joinLaoWords(text) : undefined;
};

/**
 * Why a withdrawal was refused: the standard reason in the member's language, then the operator's
 * own words as they typed them. Plain text: the screen renders it as text, never as html.
 */
export const withdrawReasonText = (t: TFunction, reason: NonNullable<StatementRow['reason']>): string => {
  // "Other" says nothing the operator's words do not.
  const standard = reason.code === 'OTHER' && reason.text ? null : t(`statement.withdrawReason.${reason.code}`);
  return t('statement.withdrawReason.label', { reason: [standard, reason.text].filter(Boolean).join(' ') });
};
