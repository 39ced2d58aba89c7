import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n';
import { useIdleAfter } from '../ui/useIdleAfter';
import { followLanguage } from './pushDevice';

/**
 * Pushes are written in the language the subscription was saved with: when the member opens the
 * app or changes language, this device's subscription (if it holds one and notifications are
 * allowed) is saved again in the language now shown. Best effort: a failure changes nothing else.
 * It waits for the page's idle moment: the first page's content comes first (issue 32).
 */
export function usePushFollowsLanguage() {
  const { i18n } = useTranslation();
  const language = currentLocale(i18n.language);
  const due = useIdleAfter(true, 3_000);
  useEffect(() => {
    if (due) void followLanguage(language).catch(() => undefined);
  }, [due, language]);
}
