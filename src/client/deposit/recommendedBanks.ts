import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECOMMENDED_DEPOSIT_BANKS } from '../../contract/constants';
import { call, endpoints } from '../api';
import { COUNTRY } from '../country';

/** The recommended banks' names, in the order of RECOMMENDED_DEPOSIT_BANKS; a bank the lookup does not name keeps its code. */
export const recommendedBankNames = (banks: readonly { code: string; name: string }[]): string[] =>
  RECOMMENDED_DEPOSIT_BANKS.map((code) => banks.find((bank) => bank.code === code)?.name || code);

/**
 * SPEC section 9: in Thailand the deposit text names two recommended banks as the fastest. Their
 * names come from the banks lookup, in the member's language (a new language asks again); the
 * codes stand in until it answers or when it cannot. Laos has no such text: null.
 */
export function useRecommendedBanks(): string[] | null {
  const { i18n } = useTranslation();
  const thailand = COUNTRY !== 'LA';
  const [names, setNames] = useState<string[]>(() => [...RECOMMENDED_DEPOSIT_BANKS]);
  useEffect(() => {
    if (!thailand) return;
    let live = true;
    call(endpoints.lookupBanks)
      .then((banks) => live && setNames(recommendedBankNames(banks)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [thailand, i18n.language]);
  return thailand ? names : null;
}
