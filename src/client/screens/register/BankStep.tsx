import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { needsEnglishName, type BankField } from '../../../../machines/registrationMachine';
import { LAOS_CURRENCIES } from '../../../contract';
import { errorText } from '../../api';
import { SelectField, TextField } from '../../ui/Field';
import { Segmented } from '../../ui/Segmented';
import { BankIcon, IdCardIcon, MegaphoneIcon, TicketIcon, UserIcon } from '../../ui/icons';
import { StepButtons } from './StepButtons';
import { fieldErrorText, type StepProps } from './stepTypes';
import { useRegistrationLookups } from './useRegistrationLookups';

/** Step 3: the bank account withdrawals go to, where the member heard of us, and the invite code. */
export function BankStep({ snapshot, send }: StepProps) {
  const { t } = useTranslation();
  const { banks, sources } = useRegistrationLookups();
  const { country, bank, inviteCodeLocked, fieldErrors, serverError } = snapshot.context;
  const creating = snapshot.matches({ bank: 'creating' });
  const change = (field: BankField) => (event: { target: { value: string } }) =>
    send({ type: 'bank.changed', field, value: event.target.value });
  const chosen = banks.find((b) => b.code === bank.bankCode);
  const englishOnly = needsEnglishName(bank.bankCode);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'bank.submitted' });
  };

  return (
    <form className="register__form" onSubmit={submit} noValidate>
      <SelectField
        label={t('register.bank')}
        icon={chosen?.logo ? <img className="field__logo" src={chosen.logo} alt="" /> : BankIcon}
        name="bank"
        value={bank.bankCode}
        placeholder={t('register.bankPlaceholder')}
        options={banks.map((b) => ({ value: b.code, label: b.name }))}
        error={fieldErrorText(t, 'bankCode', fieldErrors.bankCode)}
        onChange={change('bankCode')}
      />
      <TextField
        label={t('register.firstName')}
        icon={UserIcon}
        className="field__input--upper"
        name="firstName"
        autoComplete="given-name"
        autoCapitalize="characters"
        placeholder={t('register.firstNamePlaceholder')}
        value={bank.firstName}
        hint={englishOnly ? t('register.englishHint') : undefined}
        error={fieldErrorText(t, 'firstName', fieldErrors.firstName)}
        onChange={change('firstName')}
      />
      <TextField
        label={t('register.lastName')}
        icon={UserIcon}
        className="field__input--upper"
        name="lastName"
        autoComplete="family-name"
        autoCapitalize="characters"
        placeholder={t('register.lastNamePlaceholder')}
        value={bank.lastName}
        error={fieldErrorText(t, 'lastName', fieldErrors.lastName)}
        onChange={change('lastName')}
      />
      <TextField
        label={t('register.bankAccountNo')}
        icon={IdCardIcon}
        name="bankAccountNo"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('register.bankAccountNoPlaceholder')}
        value={bank.bankAccountNo}
        error={fieldErrorText(t, 'bankAccountNo', fieldErrors.bankAccountNo)}
        onChange={change('bankAccountNo')}
      />
      {country === 'LA' && (
        <Segmented
          legend={t('register.currency')}
          name="currency"
          options={LAOS_CURRENCIES.map((currency) => ({ value: currency, label: t(`register.currencies.${currency}`) }))}
          value={bank.currency}
          onChange={(currency) => send({ type: 'bank.changed', field: 'currency', value: currency })}
        />
      )}
      {sources.length > 0 && (
        <SelectField
          label={t('register.source')}
          icon={MegaphoneIcon}
          name="source"
          value={bank.sourceCode}
          placeholder={t('register.sourcePlaceholder')}
          options={sources.map((s) => ({ value: s.code, label: s.description }))}
          onChange={change('sourceCode')}
        />
      )}
      <TextField
        label={t('register.inviteCode')}
        icon={TicketIcon}
        name="inviteCode"
        autoComplete="off"
        placeholder={t('register.inviteCodePlaceholder')}
        value={bank.inviteCode}
        readOnly={inviteCodeLocked}
        hint={inviteCodeLocked ? t('register.inviteLocked') : undefined}
        onChange={change('inviteCode')}
      />
      {serverError && (
        <p className="form-error" role="alert">
          {errorText(t, serverError)}
        </p>
      )}
      <StepButtons busy={creating} busyLabel={t('register.submitting')} label={t('register.submit')} onBack={() => send({ type: 'step.back' })} />
    </form>
  );
}
