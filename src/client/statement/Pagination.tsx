import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '../wallet/moneyIcons';
import { pageRange } from './pagination';

/** Page buttons: previous, the pages around the current one (3 before, 1 after), next. */
export function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('statement.pages')}>
      <button type="button" className="pagination__step" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t('statement.previous')}>
        <ChevronLeftIcon size={18} />
      </button>
      <ul className="pagination__pages">
        {pageRange(page, pages).map((n) => (
          <li key={n}>
            <button
              type="button"
              className={`pagination__page${n === page ? ' is-current' : ''}`}
              aria-current={n === page ? 'page' : undefined}
              aria-label={t('statement.page', { page: n })}
              onClick={() => onPage(n)}
            >
              {n}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="pagination__step" disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label={t('statement.next')}>
        <ChevronRightIcon size={18} />
      </button>
    </nav>
  );
}
