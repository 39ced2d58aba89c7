import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { RestrictionReason } from '../../contract/saferPlay';
import { formatDateTime } from '../format';

/** Why the member is in withdraw-only mode and until when, then how to take the money out (issue 31). */
export function RestrictionText({ restriction }: { restriction: { reason: RestrictionReason; until: string | null } }) {
  const { t } = useTranslation();
  return (
    <>
      <strong className="restriction-text__why">{restrictionSentence(t, restriction)}</strong>{' '}
      <span>{t('saferPlay.restriction.howToWithdraw', { withdraw: t('home.withdraw'), transfer: t('home.transfer') })}</span>
    </>
  );
}

/** The sentence for a restriction: a break, an exclusion (for good when it has no end), or the time limit. */
export function restrictionSentence(t: TFunction, { reason, until }: { reason: RestrictionReason; until: string | null }): string {
  const date = formatDateTime(until);
  if (reason === 'ON_BREAK') return t('saferPlay.active.break', { date });
  if (reason === 'SELF_EXCLUDED') return until ? t('saferPlay.active.exclusion', { date }) : t('saferPlay.active.exclusionForever');
  return t('saferPlay.active.session', { date });
}
