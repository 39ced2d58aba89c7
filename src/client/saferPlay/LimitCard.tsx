import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LimitTarget } from '../../../machines/limitChangeMachine';
import { LIMIT_PERIODS, type LimitKind, type LimitPeriod } from '../../contract/saferPlay';
import { formatDateTime } from '../format';
import { limitValueText } from './limitText';
import type { LimitView, SaferPlayStatus } from './saferPlayApi';

interface LimitCardProps {
  kind: LimitKind;
  status: SaferPlayStatus;
  /** Another limit change is out: the buttons wait. */
  busy: boolean;
  onEdit: (target: LimitTarget) => void;
  onConfirmPending: (period: LimitPeriod) => void;
  onKeepLimit: (period: LimitPeriod) => void;
}

/** One kind of limit (deposit, loss or time): its day, week and month rows with use and any pending change. */
export function LimitCard({ kind, status, busy, onEdit, onConfirmPending, onKeepLimit }: LimitCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="limit-card panel" aria-labelledby={titleId} data-testid={`limits-${kind}`}>
      <h2 id={titleId} className="limit-card__title">
        {t(`saferPlay.kind.${kind}.title`)}
      </h2>
      <p className="limit-card__hint">{t(`saferPlay.kind.${kind}.hint`)}</p>
      <ul className="limit-card__rows">
        {LIMIT_PERIODS.map((period) => {
          const limit = status.limits.find((l) => l.kind === kind && l.period === period) ?? null;
          return (
            <LimitRow
              key={period}
              kind={kind}
              period={period}
              limit={limit}
              currency={status.currency}
              busy={busy}
              onEdit={() => onEdit({ kind, period, current: limit?.value ?? null })}
              onConfirmPending={() => onConfirmPending(period)}
              onKeepLimit={() => onKeepLimit(period)}
            />
          );
        })}
      </ul>
    </section>
  );
}

interface LimitRowProps {
  kind: LimitKind;
  period: LimitPeriod;
  limit: LimitView | null;
  currency: string;
  busy: boolean;
  onEdit: () => void;
  onConfirmPending: () => void;
  onKeepLimit: () => void;
}

function LimitRow({ kind, period, limit, currency, busy, onEdit, onConfirmPending, onKeepLimit }: LimitRowProps) {
  const { t } = useTranslation();
  const text = (value: number) => limitValueText(t, kind, value, currency);
  const usedShare = limit && limit.value > 0 ? Math.min(1, limit.used / limit.value) : 0;
  const pending = limit?.pending ?? null;
  const periodName = t(`saferPlay.period.${period}`);

  return (
    <li className="limit-row" data-testid={`limit-${kind}-${period}`}>
      <div className="limit-row__head">
        <span className="limit-row__period">{periodName}</span>
        <span className="limit-row__value" data-testid="limit-value">
          {limit ? text(limit.value) : t('saferPlay.none')}
        </span>
        <button
          type="button"
          className="btn btn--ghost limit-row__edit"
          disabled={busy}
          onClick={onEdit}
          aria-label={`${limit ? t('saferPlay.change') : t('saferPlay.set')}: ${t('saferPlay.edit.title', { name: t(`saferPlay.kind.${kind}.name`), per: t(`saferPlay.per.${period}`) })}`}
          data-testid="limit-edit"
        >
          {limit ? t('saferPlay.change') : t('saferPlay.set')}
        </button>
      </div>
      {limit && (
        <>
          <div className="limit-row__bar" aria-hidden="true">
            <span style={{ inlineSize: `${usedShare * 100}%` }} data-full={usedShare >= 1 || undefined} />
          </div>
          <dl className="limit-row__use">
            <div>
              <dt>{t('saferPlay.used')}</dt>
              <dd data-testid="limit-used">{text(limit.used)}</dd>
            </div>
            <div>
              <dt>{t('saferPlay.remaining')}</dt>
              <dd data-testid="limit-remaining">{text(limit.remaining)}</dd>
            </div>
          </dl>
          <p className="limit-row__note">
            {t('saferPlay.resetsAt', { date: formatDateTime(limit.periodEndsAt) })}
            {limit.setBy === 'operator' && <> · {t('saferPlay.setByOperator')}</>}
          </p>
        </>
      )}
      {pending && (
        <div className="limit-row__pending" data-testid="limit-pending" data-confirmable={pending.confirmable || undefined}>
          <p>
            {pending.value === null ? t('saferPlay.pending.remove') : t('saferPlay.pending.raise', { value: text(pending.value) })}{' '}
            {pending.confirmable
              ? t('saferPlay.pending.due', { lapses: formatDateTime(pending.lapsesAt) })
              : t('saferPlay.pending.waiting', { date: formatDateTime(pending.confirmableAt), lapses: formatDateTime(pending.lapsesAt) })}
          </p>
          <div className="limit-row__pending-actions">
            {pending.confirmable && (
              <button type="button" className="btn btn--gold" disabled={busy} onClick={onConfirmPending} data-testid="limit-pending-confirm">
                {t('saferPlay.pending.confirm')}
              </button>
            )}
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={onKeepLimit} data-testid="limit-pending-keep">
              {t('saferPlay.pending.keep')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
