import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n';
import { followLanguage } from './pushDevice';

/**
 * Pushes are written in the language the subscription was saved with: when the member opens the
 * app or changes language, this device's subscription (if it holds one and notifications are
 * allowed) is saved again in the language now shown. Best effort: a failure changes nothing else.
 */
export function usePushFollowsLanguage() {
  const { i18n } = useTranslation();
  const language = currentLocale(i18n.language);
  useEffect(() => {
    void followLanguage(language).catch(() => undefined);
  }, [language]);
}
