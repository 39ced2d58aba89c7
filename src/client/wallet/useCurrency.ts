import { useTranslation } from 'react-i18next';
import { buildCurrency } from './balance';

/** The member's currency as a word of the current language ("baht", "บาท", "ບາດ"). */
export const useCurrencyLabel = (): string => {
  const { t } = useTranslation();
  return t(`wallet.currency.${buildCurrency(import.meta.env.VITE_COUNTRY)}`);
};
