import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RefusalDetails } from '../../../machines/refusal';
import { useCurrencyLabel } from '../wallet/useCurrency';
import { refusalText } from './refusals';
import './saferPlay.css';

/**
 * A safer-play refusal where it happened (the QR form, a transfer's answer): the reason in the
 * member's language, what is left or when play opens again, and the way to the Safer play page.
 */
export function SaferPlayRefusal({ code, details, testId = 'safer-play-refusal' }: { code: string; details?: RefusalDetails; testId?: string }) {
  const { t } = useTranslation();
  const currency = useCurrencyLabel();
  return (
    <div className="safer-play-refusal" data-testid={testId} data-code={code}>
      <p>{refusalText(t, code, details, currency)}</p>
      <Link to="/user/safer-play" className="safer-play-refusal__link">
        {t('saferPlay.refusal.open')}
      </Link>
    </div>
  );
}
