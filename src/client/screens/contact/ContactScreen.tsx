import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '../../../contract';
import { ContactDetails } from './ContactDetails';
import '../pages.css';
import './contact.css';

/**
 * /contact and /user/contact: the operator's contact details and chat (`ContactDetails`), and the
 * app version.
 */
export function ContactScreen({ flush = false }: { flush?: boolean }) {
  const { t } = useTranslation();
  return (
    <section className={`page contact${flush ? ' page--flush' : ''}`} aria-labelledby="contact-title">
      <h1 id="contact-title" className="page__title">
        {t('contact.title')}
      </h1>
      <ContactDetails />
      <p className="contact__version">{t('app.version', { version: APP_VERSION })}</p>
    </section>
  );
}
