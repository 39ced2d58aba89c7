import { useTranslation } from 'react-i18next';
import { formatAmount } from '../format';
import { useCurrencyLabel } from '../wallet/useCurrency';
import { playedText, signedAmount } from './limitText';
import { useRealityCheck } from './realityCheckContext';
import './saferPlay.css';

/** Where a figure is not read yet. */
const NOT_READ = '–';

/**
 * The reality check's figures (issue 31), on the wallet and in the game dialog: this session's
 * time played and net result, and net deposits over the last 30 days. No figure until the first
 * answer, so no zero is ever shown that is not the server's: on the wallet the panel keeps its
 * place meanwhile (dashes, busy), so the wallet's buttons below it do not jump when it arrives.
 */
export function RealityPanel({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const currency = useCurrencyLabel();
  const store = useRealityCheck();
  const check = store?.check ?? null;
  if (!check && (compact || !store)) return null;
  if (!check) {
    return (
      <section className="reality-panel panel" aria-label={t('saferPlay.reality.title')} aria-busy="true" data-testid="reality-panel-reading">
        <h2 className="reality-panel__title">{t('saferPlay.reality.title')}</h2>
        <dl className="reality-panel__figures">
          {(['played', 'net', 'deposits30'] as const).map((figure) => (
            <div key={figure}>
              <dt>{t(`saferPlay.reality.${figure}`)}</dt>
              <dd>{NOT_READ}</dd>
            </div>
          ))}
        </dl>
      </section>
    );
  }
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
