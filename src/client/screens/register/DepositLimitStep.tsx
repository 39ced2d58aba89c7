import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMIT_PERIODS, SAFER_PLAY } from '../../../contract/saferPlay';
import { errorText } from '../../api';
import { TextField } from '../../ui/Field';
import { Segmented } from '../../ui/Segmented';
import { CheckIcon, CoinIcon } from '../../ui/icons';
import { fieldErrorText, type StepProps } from './stepTypes';

/**
 * Step 4 (issue 31): the account exists; a deposit limit is offered with no amount filled in, and
 * skipping it is as easy as setting it. A limit set here applies at once (a first limit).
 */
export function DepositLimitStep({ snapshot, send }: StepProps) {
  const { t } = useTranslation();
  const { depositLimit, fieldErrors, serverError, country, bank } = snapshot.context;
  const setting = snapshot.matches({ depositLimit: 'setting' });
  const currency = t(`wallet.currency.${country === 'LA' ? (bank.currency ?? 'LAK') : 'BAHT'}`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'limit.submitted' });
  };

  return (
    <form className="register__form" onSubmit={submit} noValidate data-testid="register-deposit-limit">
      <p className="register__ready" role="status">
        <CheckIcon size={18} /> {t('register.limit.ready')}
      </p>
      <h2 className="register__step-title">{t('register.limit.title')}</h2>
      <p className="register__lead">{t('register.limit.lead')}</p>
      <Segmented
        legend={t('register.limit.period')}
        name="limitPeriod"
        options={LIMIT_PERIODS.map((period) => ({ value: period, label: t(`saferPlay.period.${period}`) }))}
        value={depositLimit.period}
        disabled={setting}
        wrap
        onChange={(period) => send({ type: 'limit.periodChanged', period })}
      />
      <TextField
        label={t('register.limit.amount', { currency })}
        icon={CoinIcon}
        name="depositLimit"
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('register.limit.amountPlaceholder')}
        value={depositLimit.amount}
        readOnly={setting}
        hint={t('register.limit.rule', { hours: SAFER_PLAY.coolingOffHoursDefault })}
        error={fieldErrorText(t, 'depositLimit', fieldErrors.depositLimit)}
        onChange={(event) => send({ type: 'limit.amountChanged', amount: event.target.value })}
      />
      {serverError && (
        <p className="form-error" role="alert">
          {errorText(t, serverError)}
        </p>
      )}
      <div className="register__buttons register__buttons--even">
        <button type="button" className="btn btn--ghost" onClick={() => send({ type: 'limit.skipped' })} disabled={setting} data-testid="register-limit-skip">
          {t('register.limit.skip')}
        </button>
        <button type="submit" className="btn btn--gold" disabled={setting} aria-busy={setting} data-testid="register-limit-set">
          {setting && <span className="spinner" aria-hidden="true" />}
          {setting ? t('register.limit.setting') : t('register.limit.set')}
        </button>
      </div>
    </form>
  );
}
