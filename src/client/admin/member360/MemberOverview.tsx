import { useTranslation } from 'react-i18next';
import { adminMemberOverview, adminWithdrawalReview } from '../../../contract';
import { adminCall } from '../api';
import { LoadState } from '../parts';
import { useLoad } from '../useLoad';
import { FiguresCard } from './Figures';
import { LinksCard, LoginsCard } from './Links';
import { SignalList } from './Signals';
import { TagsNotesCard } from './TagsNotes';
import './member360.css';

/** Loads the member's 360, or a withdrawal's review (the 360 and the signals as of that withdrawal). */
async function loadOverview(memberId: number, withdrawalId: string | undefined) {
  if (withdrawalId === undefined) return { overview: await adminCall(adminMemberOverview, { params: { id: memberId } }), atWithdrawal: null };
  const review = await adminCall(adminWithdrawalReview, { params: { id: withdrawalId } });
  return { overview: review.overview, atWithdrawal: review.signals };
}

/**
 * A member's 360 (issue 30): risk signals first (with the withdrawal's own when `withdrawalId` is
 * given), lifetime figures from the ledger, linked members, last logins, tags and notes. The
 * member page shows it, and so does the withdrawal approval dialog. Signals inform; they never block.
 */
export function MemberOverview({ memberId, withdrawalId }: { memberId: number; withdrawalId?: string }) {
  const { t } = useTranslation();
  const { data, error, reload } = useLoad(() => loadOverview(memberId, withdrawalId), [memberId, withdrawalId]);
  if (!data) return <LoadState error={error} loading empty={false} />;
  const { overview, atWithdrawal } = data;
  return (
    <section className="m360" aria-labelledby={`m360-${memberId}`} data-testid="member-overview">
      <h2 id={`m360-${memberId}`} className="m360__title">{t('admin.member360.title')}</h2>
      <div className="admin-card panel m360-risk" data-testid="m360-signals">
        <h2>{t('admin.member360.signals')}</h2>
        {atWithdrawal && (
          <>
            <h3 className="m360-sub">{t('admin.member360.atWithdrawal')}</h3>
            <SignalList signals={atWithdrawal} testId="m360-withdrawal-signals" />
            <h3 className="m360-sub">{t('admin.member360.memberNow')}</h3>
          </>
        )}
        <SignalList signals={overview.signals} testId="m360-member-signals" />
        <p className="admin-note m360-how">{t('admin.member360.signalsInform')}</p>
      </div>
      <div className="admin-grid">
        <FiguresCard figures={overview.figures} />
        <LinksCard links={overview.links} />
        <LoginsCard logins={overview.logins} />
        <TagsNotesCard memberId={memberId} tags={overview.tags} notes={overview.notes} onChanged={reload} />
      </div>
    </section>
  );
}
