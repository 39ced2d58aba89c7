import 'i18next';
import type en from '../../../locales/en.json';

// Keys used in code are checked against the English catalogue; check-locales keeps th and la in step.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
