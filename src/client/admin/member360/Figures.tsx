import { useTranslation } from 'react-i18next';
import type { ResponseOf, adminMemberOverview } from '../../../contract';
import { Money } from '../parts';

type Figures = ResponseOf<typeof adminMemberOverview>['figures'][number];

const ROWS = ['deposits', 'withdrawals', 'netDeposits', 'toGames', 'turnover', 'bonuses', 'adjustments', 'ggr'] as const;

/** Lifetime figures per currency; each label says how the figure is computed (from the ledger). */
export function FiguresCard({ figures }: { figures: readonly Figures[] }) {
  const { t } = useTranslation();
  return (
    <div className="admin-card panel" data-testid="m360-figures">
      <h2>{t('admin.member360.figures')}</h2>
      {figures.map((f) => (
        <div key={f.currency} className="m360-figures">
          {figures.length > 1 && <h3 className="m360-sub">{f.currency}</h3>}
          <dl className="m360-figures__grid">
            {ROWS.map((row) => (
              <div key={row} className="m360-figure" data-figure={row}>
                <dt>{t(`admin.member360.figure.${row}`)}</dt>
                <dd><Money value={f[row]} /> <span className="admin-currency">{f.currency}</span></dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
      <details className="m360-how-list">
        <summary>{t('admin.member360.fromLedger')}</summary>
        <dl>
          {ROWS.map((row) => (
            <div key={row}><dt>{t(`admin.member360.figure.${row}`)}</dt><dd>{t(`admin.member360.how.${row}`)}</dd></div>
          ))}
        </dl>
      </details>
    </div>
  );
}
