import { useTranslation } from 'react-i18next';
import { STILL_PENDING, type MoneyFailure } from '../../../machines/moneyActionMachine';
import { errorText } from '../api';
import { isSaferPlayRefusal } from '../saferPlay/refusals';
import { SaferPlayRefusal } from '../saferPlay/SaferPlayRefusal';
import { AlertDialog } from '../ui/AlertDialog';

interface Props {
  done: boolean;
  doneTitle: string;
  doneBody: string;
  /** What did not happen ("Transfer not done"): the title of a refusal, whose reason is the body. */
  failedTitle: string;
  failure: MoneyFailure | null;
  /** Title when the server still had no final answer after a minute of waiting. */
  stillPendingTitle: string;
  /** The connection lost the answer; the action is asked again by itself when it is back (issue 32). */
  awaitingConnection?: boolean;
  /** An earlier attempt got no answer: what shows is the server's stored answer, and it happened once. */
  recovered?: boolean;
  canRetry: boolean;
  onRetry: () => void;
  onAcknowledge: () => void;
  /** The refusal named by its real cause and what to do, when the client knows it (./moneyFailures.ts). */
  explained?: { title: string; body: string } | null;
}

/**
 * SPEC section 8: success is an alert (transfer done / wait for the transfer); a failure is an
 * error alert saying what failed, with the server's error as its body, in the member's words
 * (errors.CODE; never the raw code). When the outcome is not known (no answer, still pending)
 * the alert offers to try again, which repeats the same action with the same key. When the
 * connection lost the answer (issue 32) it says so, and that the action is asked again by itself
 * when the connection is back; the answer that comes then says it happened once.
 */
export function MoneyResultAlert({
  done,
  doneTitle,
  doneBody,
  failedTitle,
  failure,
  stillPendingTitle,
  awaitingConnection = false,
  recovered = false,
  canRetry,
  onRetry,
  onAcknowledge,
  explained,
}: Props) {
  const { t } = useTranslation();
  const stillPending = failure?.code === STILL_PENDING;
  const retry = canRetry ? (
    <button type="button" className="btn btn--ghost" onClick={onRetry}>
      {t('common.retry')}
    </button>
  ) : undefined;

  if (done) {
    return (
      <AlertDialog open kind="success" title={doneTitle} onClose={onAcknowledge}>
        <p>{doneBody}</p>
        {recovered && <p data-testid="money-recovered">{t('wallet.recoveredNote')}</p>}
      </AlertDialog>
    );
  }
  if (failure && awaitingConnection) {
    // Issue 32: sent but unanswered, or a retry that could not go out: the money may have moved.
    // Closing this keeps the action; its answer shows when the connection is back.
    return (
      <AlertDialog open kind="info" title={t('wallet.connectionLostTitle')} onClose={onAcknowledge} actions={retry}>
        <p data-testid="money-connection-lost">{t('wallet.connectionLostBody')}</p>
      </AlertDialog>
    );
  }
  if (failure && stillPending) {
    return (
      <AlertDialog open kind="info" title={stillPendingTitle} onClose={onAcknowledge} actions={retry}>
        <p>{t('wallet.stillPendingBody')}</p>
      </AlertDialog>
    );
  }
  if (failure && explained) {
    return (
      <AlertDialog open kind="error" title={explained.title} onClose={onAcknowledge}>
        <p data-testid="money-failure-cause">{explained.body}</p>
      </AlertDialog>
    );
  }
  if (failure && isSaferPlayRefusal(failure.code)) {
    // Issue 31: a limit reached or play stopped, with what is left or when it opens again.
    return (
      <AlertDialog open kind="error" title={failedTitle} onClose={onAcknowledge}>
        <SaferPlayRefusal code={failure.code} details={failure.details} testId="money-failure-safer-play" />
      </AlertDialog>
    );
  }
  if (failure) {
    return (
      <AlertDialog open kind="error" title={failedTitle} onClose={onAcknowledge} actions={retry}>
        <p data-testid="money-failure-text">{errorText(t, failure.code)}</p>
      </AlertDialog>
    );
  }
  return null;
}
