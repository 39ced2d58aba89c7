import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LimitChangeEvent, LimitChangeSnapshot } from '../../../machines/limitChangeMachine';
import { SAFER_PLAY } from '../../contract/saferPlay';
import { errorText } from '../api';
import { formatDateTime } from '../format';
import { AlertDialog } from '../ui/AlertDialog';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Dialog } from '../ui/Dialog';
import { currencyWord, limitValueText } from './limitText';
import type { SaferPlayStatus } from './saferPlayApi';

interface LimitEditorProps {
  snapshot: LimitChangeSnapshot;
  send: (event: LimitChangeEvent) => void;
  status: SaferPlayStatus;
}

/**
 * The dialogs of one limit change: the form (a new value, or remove), the review a raise or a
 * removal needs (it waits the cooling-off and a second confirmation), and what the server did.
 */
export function LimitEditor({ snapshot, send, status }: LimitEditorProps) {
  const { t } = useTranslation();
  const ids = { input: useId(), error: useId(), rule: useId() };
  const { target, text, fieldError, serverError, change, saved } = snapshot.context;
  if (!target) return null;

  const valueText = (value: number) => limitValueText(t, target.kind, value, status.currency);
  const name = t('saferPlay.edit.title', { name: t(`saferPlay.kind.${target.kind}.name`), per: t(`saferPlay.per.${target.period}`) });
  const unit = target.kind === 'session' ? t('saferPlay.minutesUnit') : currencyWord(t, status.currency);
  const current = target.current === null ? t('saferPlay.none') : valueText(target.current);
  const saving = snapshot.matches('saving');
  const editing = snapshot.matches('editing') || saving;
  const hours = status.coolingOffHours;
  const days = status.confirmWindowDays ?? SAFER_PLAY.confirmWindowDays;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'limit.submitted' });
  };

  return (
    <>
      <Dialog open={editing} onClose={() => !saving && send({ type: 'limit.cancelled' })} title={name} testId="limit-editor">
        <form className="limit-editor" onSubmit={submit} noValidate>
          <p className="limit-editor__current">{t('saferPlay.edit.current', { value: current })}</p>
          <div className="field">
            <label htmlFor={ids.input} className="field__label">
              {t('saferPlay.edit.amount', { unit })}
            </label>
            <div className={`field__control${fieldError ? ' is-invalid' : ''}`}>
              <input
                id={ids.input}
                className="field__input"
                name="limitValue"
                inputMode={snapshot.context.whole ? 'numeric' : 'decimal'}
                autoComplete="off"
                data-autofocus
                value={text}
                readOnly={saving}
                aria-invalid={Boolean(fieldError)}
                aria-describedby={fieldError ? ids.error : ids.rule}
                onChange={(event) => send({ type: 'limit.typed', text: event.target.value })}
              />
            </div>
            {fieldError ? (
              <p id={ids.error} className="field__error">
                {t(`saferPlay.edit.errors.${fieldError}`)}
              </p>
            ) : (
              <p id={ids.rule} className="field__hint">
                {t('saferPlay.edit.rule', { hours, days })}
              </p>
            )}
          </div>
          {serverError && (
            <p className="form-error" role="alert">
              {errorText(t, serverError)}
            </p>
          )}
          <button type="submit" className="btn btn--gold btn--block" disabled={saving} aria-busy={saving} data-testid="limit-save">
            {saving && <span className="spinner" aria-hidden="true" />}
            {saving ? t('saferPlay.edit.saving') : t('saferPlay.edit.save')}
          </button>
          {target.current !== null && (
            <button type="button" className="btn btn--ghost btn--block" disabled={saving} onClick={() => send({ type: 'limit.removeRequested' })} data-testid="limit-remove">
              {t('saferPlay.edit.remove')}
            </button>
          )}
        </form>
      </Dialog>

      <ConfirmDialog
        open={snapshot.matches('reviewing')}
        title={change?.value === null ? t('saferPlay.review.removeTitle') : t('saferPlay.review.raiseTitle')}
        confirmLabel={t('saferPlay.review.confirm')}
        onConfirm={() => send({ type: 'limit.confirmed' })}
        onCancel={() => send({ type: 'limit.cancelled' })}
        confirmTestId="limit-review-confirm"
      >
        <p>{change?.value != null && `${name}: ${valueText(change.value)}`}</p>
        <p>{t('saferPlay.review.body', { hours, days, value: current })}</p>
      </ConfirmDialog>

      <AlertDialog
        open={snapshot.matches('saved')}
        kind="success"
        title={saved?.applied ? t('saferPlay.saved.appliedTitle') : t('saferPlay.saved.pendingTitle')}
        onClose={() => send({ type: 'limit.closed' })}
      >
        <p data-testid="limit-saved">
          {saved?.applied || !saved?.pending
            ? t('saferPlay.saved.appliedBody', { value: change?.value != null ? valueText(change.value) : '', per: t(`saferPlay.per.${target.period}`) })
            : t('saferPlay.saved.pendingBody', {
                date: formatDateTime(saved.pending.confirmableAt),
                lapses: formatDateTime(saved.pending.lapsesAt),
                value: current,
              })}
        </p>
      </AlertDialog>
    </>
  );
}
