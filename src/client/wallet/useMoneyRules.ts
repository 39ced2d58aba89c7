import { useContext, useEffect, useState } from 'react';
import type { ResponseOf } from '../../contract';
import { call, endpoints } from '../api';
import { buildCurrency, type Currency } from './balance';
import { BAHT_STEP } from './moneyForms';
import { WalletContext } from './walletContext';

export type MoneyRules = ResponseOf<typeof endpoints.lookupMoney>;

/** Whole kip: the step a kip member's forms keep until the rules arrive (the server says the same). */
const stepOfCurrency = (currency: Currency): number => (currency === 'LAK' ? 1 : BAHT_STEP);

/**
 * The member's money rules (GET /api/lookup/money), read when a money form opens: the step and
 * every bound in the member's own currency. Until they arrive, or if they cannot be read, the
 * step follows the member's currency (whole kip, or satang) and the bounds are left to the
 * server, which checks them again anyway.
 */
export function useMoneyRules(): { rules: MoneyRules | null; step: number } {
  const wallet = useContext(WalletContext);
  const currency = wallet?.home?.currency ?? buildCurrency(import.meta.env.VITE_COUNTRY);
  const [rules, setRules] = useState<MoneyRules | null>(null);
  useEffect(() => {
    let live = true;
    call(endpoints.lookupMoney)
      .then((answer) => live && setRules(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return { rules, step: rules?.step ?? stepOfCurrency(currency) };
}
