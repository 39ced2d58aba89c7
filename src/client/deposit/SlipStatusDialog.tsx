import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type ResponseOf, type endpoints as Endpoints } from '../../contract';
import { call, endpoints, errorCodeOf, errorText } from '../api';
import { formatAmount, formatDateTime } from '../format';
import { pageCount } from '../statement/pagination';
import { Pagination } from '../statement/Pagination';
import { statusText } from '../statement/statementRow';
import { Dialog } from '../ui/Dialog';
import { ExternalLinkIcon } from '../ui/icons';
import { useToast } from '../ui/toastContext';
import { RefreshIcon } from '../wallet/moneyIcons';
import { ImageIcon } from './depositIcons';
import { slipImageSource } from './depositMethods';
import { slipOutcome, slipReasonText } from './slipStatus';
import './deposit.css';

type Slip = ResponseOf<typeof Endpoints.statementSlips>['slips'][number];
type Page = { slips: Slip[]; total: number };

/**
 * The statement's slip dialog (SPEC section 2): the member's uploaded slips, 10 a page, with the
 * time, the amount or '-', the status with its reason in brackets, a link to the image, and a
 * refresh control. SPEC section 8: list errors are swallowed, the loader just hides.
 */
export function SlipStatusDialog({ open, onClose, changes }: { open: boolean; onClose: () => void; changes: number }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<{ url: string; time: string } | null>(null);
  return (
    <>
      <Dialog open={open} onClose={onClose} title={t('slip.statusTitle')}>
        <SlipTable changes={changes} onImage={setImage} />
      </Dialog>
      <Dialog open={open && image !== null} onClose={() => setImage(null)} title={t('slip.imageTitle')}>
        {image && <SlipImage url={image.url} time={image.time} />}
      </Dialog>
    </>
  );
}

function SlipTable({ changes, onImage }: { changes: number; onImage: (image: { url: string; time: string }) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [loaded, setLoaded] = useState<Page | null>(null);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const [opening, setOpening] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    call(endpoints.statementSlips, { body: { page, limit: PAGE_SIZES.slip } })
      .then((answer) => live && setLoaded({ slips: answer.slips, total: answer.total }))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page, reloads, changes]);

  const refresh = () => {
    setLoading(true);
    setReloads((n) => n + 1);
  };
  const goTo = (next: number) => {
    setLoading(true);
    setPage(next);
  };
  const view = async (slip: Slip) => {
    setOpening(slip._id);
    try {
      const { url } = await call(endpoints.statementSlipReference, { params: { reference: slip.reference ?? slip._id } });
      const src = slipImageSource(url);
      if (src) onImage({ url: src, time: formatDateTime(slip.createdAt) });
      else toast.error(errorText(t, 'NOT_FOUND'));
    } catch (error) {
      toast.error(errorText(t, errorCodeOf(error)));
    } finally {
      setOpening(null);
    }
  };

  const pages = pageCount(loaded?.total ?? 0, PAGE_SIZES.slip);
  return (
    <div className="slips" aria-busy={loading}>
      <div className="slips__bar">
        {loading ? (
          <p className="slips__loading" role="status">
            <span className="spinner" aria-hidden="true" /> {t('common.loading')}
          </p>
        ) : (
          <span />
        )}
        <button type="button" className="deposit-copy" onClick={refresh} disabled={loading} data-testid="slips-refresh">
          <RefreshIcon size={18} />
          <span>{t('slip.refresh')}</span>
        </button>
      </div>

      {loaded && loaded.slips.length === 0 && !loading && <p className="slips__empty">{t('slip.empty')}</p>}

      {loaded && loaded.slips.length > 0 && (
        <table className="slips__table">
          <caption className="visually-hidden">{t('slip.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('slip.col.time')}</th>
              <th scope="col" className="slips__num">
                {t('slip.col.amount')}
              </th>
              <th scope="col">{t('slip.col.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('slip.col.image')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {loaded.slips.map((slip) => {
              const outcome = slipOutcome(slip.status);
              const [date, time] = formatDateTime(slip.createdAt).split(' ');
              const reason = outcome === 'failed' ? slipReasonText(t, slip.note) : '';
              return (
                <tr key={slip._id} data-testid="slip-row" data-status={slip.status}>
                  <td className="slips__time">
                    <time dateTime={slip.createdAt}>
                      <span>{date}</span> <span>{time}</span>
                    </time>
                  </td>
                  <td className="slips__num" data-testid="slip-amount">
                    {slip.amount === null ? '-' : formatAmount(slip.amount)}
                  </td>
                  <td>
                    <span className={`statement-status statement-status--${outcome}`} data-testid="slip-status">
                      {statusText(t, slip.status)}
                    </span>
                    {reason && (
                      <span className="slips__reason" data-testid="slip-reason">
                        {reason}
                      </span>
                    )}
                  </td>
                  <td className="slips__view">
                    <button
                      type="button"
                      className="slips__link"
                      onClick={() => void view(slip)}
                      disabled={opening !== null}
                      aria-busy={opening === slip._id}
                      aria-label={t('slip.viewLabel', { time: formatDateTime(slip.createdAt) })}
                      data-testid="slip-view"
                    >
                      {opening === slip._id ? <span className="spinner" aria-hidden="true" /> : <ImageIcon size={18} />}
                      <span aria-hidden="true">{t('slip.view')}</span>
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      <Pagination page={page} pages={pages} onPage={goTo} />
    </div>
  );
}

/** A base64 data URL as a Blob (the page's CSP lets no fetch read data: URLs). */
const dataUrlBlob = (url: string): Blob | null => {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (!match) return null;
  const bytes = Uint8Array.from(atob(match[2].replace(/\s/g, '')), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: match[1] });
};

/** The slip's image; a data URL also opens in a new tab, as a blob (browsers refuse to open data URLs). */
function SlipImage({ url, time }: { url: string; time: string }) {
  const { t } = useTranslation();
  const opened = useRef<string[]>([]);
  useEffect(() => {
    const urls = opened.current;
    return () => urls.forEach((objectUrl) => URL.revokeObjectURL(objectUrl));
  }, []);
  const openInTab = () => {
    const blob = url.startsWith('data:') ? dataUrlBlob(url) : null;
    const target = blob ? URL.createObjectURL(blob) : url;
    if (blob) opened.current.push(target);
    window.open(target, '_blank', 'noopener');
  };
  return (
    <figure className="slip-image">
      <img src={url} alt={t('slip.imageAlt', { time })} data-testid="slip-image" />
      <figcaption>
        <time>{time}</time>
        <button type="button" className="slip-image__open" onClick={openInTab}>
          <ExternalLinkIcon size={16} />
          {t('slip.openImage')}
        </button>
      </figcaption>
    </figure>
  );
}
