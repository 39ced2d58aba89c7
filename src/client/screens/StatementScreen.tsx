import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../contract';
import { call, endpoints } from '../api';
import { SlipUploadIcon } from '../deposit/depositIcons';
import { SlipStatusDialog } from '../deposit/SlipStatusDialog';
import { formatDateTime, formatRelativeTime, formatStatementAmount, statementSign } from '../format';
import { pageCount } from '../statement/pagination';
import { Pagination } from '../statement/Pagination';
import { StatementIcon } from '../statement/StatementIcon';
import { activityText, linkedDescription, statementStatus, statusText, withdrawReasonText, type StatementNames, type StatementRow } from '../statement/statementRow';
import { useNow } from '../wallet/useNow';
import { useWallet } from '../wallet/walletContext';
import '../statement/statement.css';
import './pages.css';

type Page = { rows: StatementRow[]; total: number } | null;

/**
 * /user/statement: the member's money history, 10 rows a page, newest first. It reloads when
 * the server announces a change, so an in-progress row turns into its result by itself. The
 * upload-status button opens the member's slips (deposit/SlipStatusDialog).
 * SPEC section 8: errors are swallowed, the loader just hides.
 */
export default function StatementScreen() {
  const { t, i18n } = useTranslation();
  const { home, changes } = useWallet();
  const now = useNow(30_000);
  const [page, setPage] = useState(1);
  const [loaded, setLoaded] = useState<Page>(null);
  const [loading, setLoading] = useState(true);
  const [slipsOpen, setSlipsOpen] = useState(false);

  useEffect(() => {
    let live = true;
    call(endpoints.statementList, { body: { page, limit: PAGE_SIZES.statement } })
      .then((answer) => live && setLoaded({ rows: answer.statements, total: answer.total }))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // Rows come worded in the member's language (a bonus's text, a prize's name): a new language reloads them.
  }, [page, changes, i18n.language]);

  const goTo = (next: number) => {
    setLoading(true);
    setPage(next);
    // The page buttons sit below the list: the new page is read from its top.
    window.scrollTo({ top: 0 });
  };

  const names: StatementNames = {
    slots: home?.slots ?? [],
    bankName: (code) => (home && home.bankAccount.bankCode === code ? home.bankAccount.bank.name : undefined),
  };
  const pages = pageCount(loaded?.total ?? 0, PAGE_SIZES.statement);

  return (
    <section className="page statement" aria-labelledby="statement-title" aria-busy={loading}>
      <div className="statement__header">
        <h1 id="statement-title" className="page__title">
          {t('pages.statement')}
        </h1>
        <button type="button" className="statement__slips" aria-haspopup="dialog" onClick={() => setSlipsOpen(true)} data-testid="slip-status-open">
          <SlipUploadIcon size={18} />
          <span>{t('slip.statusButton')}</span>
        </button>
      </div>

      {loading && (
        <p className="statement__loading" role="status">
          <span className="spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      )}

      {loaded && loaded.rows.length === 0 && !loading && <p className="statement__empty panel">{t('statement.empty')}</p>}

      {loaded && loaded.rows.length > 0 && (
        <ol className="statement__list" aria-label={t('statement.list')}>
          {loaded.rows.map((row) => {
            const status = statementStatus(row.status);
            const sign = statementSign(row.statementType);
            const description = linkedDescription(t, row);
            return (
              <li key={row._id} className="statement-row panel" data-testid="statement-row" data-type={row.statementType}>
                <StatementIcon type={row.statementType} />
                <div className="statement-row__main">
                  <p className="statement-row__type">{t(`statement.type.${row.statementType}`)}</p>
                  <p className="statement-row__activity">{activityText(t, row, names)}</p>
                  {description && <p className="statement-row__description">{description}</p>}
                  {row.reason && <p className="statement-row__reason" data-testid="statement-reason">{withdrawReasonText(t, row.reason)}</p>}
                  <p className="statement-row__time">
                    <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                    <span aria-hidden="true"> · </span>
                    <span className="statement-row__ago">{formatRelativeTime(t, row.createdAt, now)}</span>
                  </p>
                </div>
                <div className="statement-row__side">
                  <p className={`statement-row__amount statement-row__amount--${sign === '+' ? 'in' : sign === '-' ? 'out' : 'move'}`} data-testid="statement-amount">
                    {formatStatementAmount(row.statementType, row.amount)}
                  </p>
                  <p className={`statement-status statement-status--${status}`} data-testid="statement-status" data-status={status}>
                    {statusText(t, row.status)}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <Pagination page={page} pages={pages} onPage={goTo} />
      <SlipStatusDialog open={slipsOpen} onClose={() => setSlipsOpen(false)} changes={changes} />
    </section>
  );
}
