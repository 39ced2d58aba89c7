import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call, endpoints } from '../api';
import type { RefusalDetails } from '../../../machines/refusal';
import { useCurrencyLabel } from '../wallet/useCurrency';
import { refusalText } from './refusals';
import './saferPlay.css';

/** The limit kind a refusal names, when it names one. */
const LIMIT_OF: Record<string, 'deposit' | 'loss'> = { DEPOSIT_LIMIT_REACHED: 'deposit', LOSS_LIMIT_REACHED: 'loss' };

/**
 * A safer-play refusal where it happened (the QR form, a transfer's answer): the reason in the
 * member's language, what is left or when play opens again, and the way to the Safer play page.
 * A limit refusal that came without what is left (a QR code's answer is SPEC section 8's
 * `hasQrcode: false` with the code only) reads it from GET /api/safer-play.
 */
export function SaferPlayRefusal({ code, details, testId = 'safer-play-refusal' }: { code: string; details?: RefusalDetails; testId?: string }) {
  const { t } = useTranslation();
  const currency = useCurrencyLabel();
  const kind = LIMIT_OF[code];
  const [readRemaining, setReadRemaining] = useState<number | null>(null);
  const known = details?.remaining;
  useEffect(() => {
    if (!kind || known !== undefined) return;
    let live = true;
    call(endpoints.saferPlay)
      .then((status) => live && setReadRemaining(status.remaining[kind]))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [kind, known]);
  const shown = known === undefined && readRemaining !== null ? { ...details, remaining: readRemaining } : details;
  return (
    <div className="safer-play-refusal" data-testid={testId} data-code={code}>
      <p>{refusalText(t, code, shown, currency)}</p>
      <Link to="/user/safer-play" className="safer-play-refusal__link">
        {t('saferPlay.refusal.open')}
      </Link>
    </div>
  );
}
