import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../contract';
import { call, endpoints } from '../../api';

type Banks = ResponseOf<typeof endpoints.lookupBanks>;
type Sources = ResponseOf<typeof endpoints.lookupSources>;

/** The bank and source lists of the bank step. A failed list stays empty; the form still works for what it can. */
export function useRegistrationLookups() {
  const { i18n } = useTranslation();
  const [banks, setBanks] = useState<Banks>([]);
  const [sources, setSources] = useState<Sources>([]);
  useEffect(() => {
    let live = true;
    call(endpoints.lookupBanks)
      .then((list) => live && setBanks(list))
      .catch(() => undefined);
    call(endpoints.lookupSources)
      .then((list) => live && setSources(list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // Bank names and sources come in the member's language: a new language reloads them.
  }, [i18n.language]);
  return { banks, sources };
}
