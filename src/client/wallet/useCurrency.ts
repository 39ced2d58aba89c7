import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { buildCurrency } from './balance';
import { WalletContext } from './walletContext';

/**
 * The member's currency as a word of the current language ("baht", "บาท", "ບາດ"): the one the
 * wallet answer names once it has arrived (a Laos member may hold baht), else the build's.
 */
export const useCurrencyLabel = (): string => {
  const { t } = useTranslation();
  const wallet = useContext(WalletContext);
  return t(`wallet.currency.${wallet?.home?.currency ?? buildCurrency(import.meta.env.VITE_COUNTRY)}`);
};
