import { useTranslation } from 'react-i18next';
import { NEW_ACCOUNT_DAYS, type RiskSignal, type RiskSignalCode } from '../../../contract';

/** The evidence of a signal in the operator's language: what it means and what was seen. */
function useEvidence() {
  const { t } = useTranslation();
  const list = (items: readonly string[]) => items.join(', ');
  return (s: RiskSignal) => t(`admin.risk.${s.code}.evidence`, {
    days: s.days ?? 0,
    limit: NEW_ACCOUNT_DAYS,
    count: s.count ?? 0,
    gifts: list((s.gifts ?? []).map((g) => t(`admin.risk.gift.${g}`))),
    by: list((s.by ?? []).map((k) => t(`admin.member360.linkKind.${k}`))),
    memberId: s.memberId ?? '',
  });
}

/** Each signal as a card: its name and its evidence. Signals inform; nothing is blocked by them. */
export function SignalList({ signals, testId }: { signals: readonly RiskSignal[]; testId?: string }) {
  const { t } = useTranslation();
  const evidence = useEvidence();
  if (signals.length === 0) return <p className="admin-note" data-testid={testId}>{t('admin.member360.noSignals')}</p>;
  return (
    <ul className="m360-signals" data-testid={testId}>
      {signals.map((s) => (
        <li key={s.code} className="m360-signal" data-signal={s.code}>
          <strong>{t(`admin.risk.${s.code}.title`)}</strong>
          <span>{evidence(s)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The compact form for a list row (the withdrawals queue): one badge per signal code. */
export function SignalBadges({ codes }: { codes: readonly RiskSignalCode[] }) {
  const { t } = useTranslation();
  if (codes.length === 0) return null;
  return (
    <ul className="m360-badges" aria-label={t('admin.member360.signals')} data-testid="signal-badges">
      {codes.map((code) => <li key={code} className="m360-badge" data-signal={code}>{t(`admin.risk.${code}.title`)}</li>)}
    </ul>
  );
}
