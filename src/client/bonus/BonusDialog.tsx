import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BonusCard } from '../../../machines/bonusMachine';
import { call, endpoints } from '../api';
import { sanitizeOperatorHtml } from '../format/safeHtml';
import { Dialog } from '../ui/Dialog';
import { BannerCarousel } from './BannerCarousel';

/**
 * A bonus card's dialog (SPEC section 2): its banners as an image carousel with html, the
 * notice text, and Receive (or Confirm when it is the one held).
 */
export function BonusDialog({ card, held, busy, onReceive, onClose }: {
  card: BonusCard | null;
  held: boolean;
  busy: boolean;
  onReceive: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState('');
  useEffect(() => {
    if (!card) return;
    let live = true;
    // The notice states this bonus's own lower bound (issue 27: every dialog stated the general 50%).
    call(endpoints.lookupNotice, { query: { code: card.code } }).then((n) => live && setNotice(n.notice)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [card]);

  return (
    <Dialog
      open={card !== null}
      onClose={onClose}
      title={card ? t('bonusPage.dialog.title', { code: card.code }) : ''}
      footer={
        <button type="button" className="btn btn--gold btn--block" onClick={onReceive} disabled={busy} aria-busy={busy} data-testid="bonus-receive" data-autofocus>
          {held ? t('bonusPage.dialog.confirm') : t('bonusPage.dialog.receive')}
        </button>
      }
    >
      {card && (
        <div className="bonus-dialog">
          {card.banners.length > 0 ? <BannerCarousel banners={card.banners} /> : card.description && <p>{card.description}</p>}
          {notice && (
            <p className="bonus-dialog__notice" data-testid="bonus-notice" dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(notice) }} />
          )}
        </div>
      )}
    </Dialog>
  );
}
