import { useTranslation } from 'react-i18next';
import { formatAmount } from '../format';
import { useCurrencyLabel } from '../wallet/useCurrency';
import { playedText, signedAmount } from './limitText';
import { useRealityCheck } from './realityCheckContext';
import './saferPlay.css';

/**
 * The reality check's figures (issue 31), on the wallet and in the game dialog: this session's
 * time played and net result, and net deposits over the last 30 days. Nothing until the first
 * answer, so no zero is ever shown that is not the server's.
 */
export function RealityPanel({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const currency = useCurrencyLabel();
  const check = useRealityCheck()?.check ?? null;
  if (!check) return null;
  const tone = check.netResult > 0 ? 'up' : check.netResult < 0 ? 'down' : 'even';
  return (
    <section className={`reality-panel${compact ? ' reality-panel--compact' : ' panel'}`} aria-label={t('saferPlay.reality.title')} data-testid="reality-panel">
      {!compact && <h2 className="reality-panel__title">{t('saferPlay.reality.title')}</h2>}
      <dl className="reality-panel__figures">
        <div>
          <dt>{t('saferPlay.reality.played')}</dt>
          <dd data-testid="reality-played">{playedText(t, check.minutesPlayed)}</dd>
        </div>
        <div>
          <dt>{t('saferPlay.reality.net')}</dt>
          <dd data-testid="reality-net" data-tone={tone}>
            {signedAmount(check.netResult)} <span className="reality-panel__unit">{currency}</span>
          </dd>
        </div>
        <div>
          <dt>{t('saferPlay.reality.deposits30')}</dt>
          <dd data-testid="reality-deposits">
            {formatAmount(check.netDeposits30d)} <span className="reality-panel__unit">{currency}</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
