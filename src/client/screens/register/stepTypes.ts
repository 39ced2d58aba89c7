import type { TFunction } from 'i18next';
import { MEMBER_PASSWORD_MIN_LENGTH } from '../../../contract/constants';
import type { FieldError, FieldName, RegistrationEvent, RegistrationSnapshot } from '../../../../machines/registrationMachine';

export interface StepProps {
  snapshot: RegistrationSnapshot;
  send: (event: RegistrationEvent) => void;
}

/** The words for a field's error; a missing bank reads 'choose', not 'fill in'. */
export const fieldErrorText = (t: TFunction, field: FieldName, error: FieldError | undefined): string | null => {
  if (!error) return null;
  if (field === 'bankCode' && error === 'required') return t('register.errors.bankRequired');
  return t(`register.errors.${error}`, { min: MEMBER_PASSWORD_MIN_LENGTH });
};
