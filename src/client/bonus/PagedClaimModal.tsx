import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../contract';
import { errorCodeOf } from '../api';
import { formatAmount, formatDateTime } from '../format';
import { Dialog } from '../ui/Dialog';

export interface ClaimRow {
  name?: string;
  amount: number;
  createdAt: string;
}

/**
 * The invite and refund modals (SPEC section 2): the caller's texts (`lead`), a paged table of
 * 10, and the receive actions the caller gives (each behind its own confirm). Texts go in the
 * body, which scrolls; the footer holds only the buttons, so a long text (the refund conditions
 * in Thai) can never push them, or itself, out of reach.
 */
export function PagedClaimModal({ open, onClose, title, loadPage, withName, lead, actions, notFound, testId }: {
  open: boolean;
  onClose: () => void;
  title: string;
  loadPage: (page: number) => Promise<{ total: number; rows: ClaimRow[] }>;
  withName: boolean;
  lead?: ReactNode;
  actions: ReactNode;
  notFound: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ total: number; rows: ClaimRow[] } | null>(null);

  const load = useCallback(() => {
    // SPEC section 8: invite and refund list errors are swallowed; the table stays as it was.
    loadPage(page).then(setData).catch((error: unknown) => void errorCodeOf(error));
  }, [loadPage, page]);

  useEffect(() => {
    if (open) load();
  }, [open, load]);

  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZES.invite)) : 1;
  return (
    <Dialog open={open} onClose={onClose} title={title} footer={actions}>
      <div className="claim" data-testid={testId}>
        {lead}
        {data && data.rows.length === 0 && <p role="status">{notFound}</p>}
        {data && data.rows.length > 0 && (
          <table className="claim__table">
            <thead>
              <tr>
                {withName && <th scope="col">{t('promotionsHome.table.from')}</th>}
                <th scope="col">{t('promotionsHome.table.amount')}</th>
                <th scope="col">{t('promotionsHome.table.date')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row, index) => (
                <tr key={`${row.createdAt}-${index}`}>
                  {withName && <td>{row.name}</td>}
                  <td>{formatAmount(row.amount)}</td>
                  <td>{formatDateTime(row.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {pages > 1 && (
          <div className="carousel__nav">
            <button type="button" className="btn btn--ghost" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t('promotionsHome.table.previous')}
            </button>
            <span>{t('promotionsHome.table.page', { page, pages })}</span>
            <button type="button" className="btn btn--ghost" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              {t('promotionsHome.table.next')}
            </button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
