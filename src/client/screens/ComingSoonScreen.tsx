import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import './pages.css';

export type ComingSoonPage = 'register' | 'howto' | 'contact' | 'home' | 'profile' | 'bonus' | 'statement' | 'spin';

/** A titled page for screens that later work fills in. */
export function ComingSoonScreen({
  page,
  icon: Icon,
  flush = false,
}: {
  page: ComingSoonPage;
  icon: ComponentType<{ size?: number }>;
  /** SPEC section 2: the logged-out contact page has no top spacing. */
  flush?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className={`page${flush ? ' page--flush' : ''}`} aria-labelledby={`page-${page}`}>
      <h1 id={`page-${page}`} className="page__title">
        {t(`pages.${page}`)}
      </h1>
      <div className="page__card panel">
        <span className="page__badge">
          <Icon size={30} />
        </span>
        <p className="page__text">{t('pages.comingSoon')}</p>
      </div>
    </section>
  );
}
