import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { adminLockMember, adminMember, adminMemberLedger, adminResetMemberPassword, adminUnlockMember } from '../../../contract';
import { adminCall } from '../api';
import { Fact, LoadState, Money, PageHead, Pager, ReasonAction, When } from '../parts';
import { MemberOverview } from '../member360/MemberOverview';
import { MemberSaferPlay } from './MemberSaferPlay';
import { useOperator } from '../session';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../useLoad';

/** One member: profile, wallet, safer play, game accounts, open sessions, ledger history; lock and password reset. */
export function MemberPage() {
  const { t } = useTranslation();
  const { can } = useOperator();
  const id = Number(useParams().id);
  const [page, setPage] = useState(1);
  const [password, setPassword] = useState<string | null>(null);
  const { data, error, reload } = useLoad(() => adminCall(adminMember, { params: { id } }), [id]);
  const ledger = useLoad(() => adminCall(adminMemberLedger, { params: { id }, query: { page } }), [id, page]);
  const { busy, run } = useAction();
  if (!data) return <LoadState error={error} loading empty={false} />;
  const { member } = data;
  const resetPassword = () => run(async () => setPassword((await adminCall(adminResetMemberPassword, { params: { id } })).password), t('admin.members.passwordReset'), reload);

  return (
    <section className="admin-page" aria-labelledby="member-title">
      <Link to="/admin/members" className="admin-back">{t('admin.members.back')}</Link>
      <PageHead id="member-title" title={member.name}>
        <span className={`admin-badge admin-badge--${member.status}`} data-testid="member-status">{t(`admin.members.status.${member.status}`)}</span>
      </PageHead>
      {/* The 360 first: on a phone the signals are what the operator opens the page for. */}
      <MemberOverview memberId={id} />
      <div className="admin-grid">
        <div className="admin-card panel">
          <h2>{t('admin.members.profile')}</h2>
          <dl className="admin-facts">
            <Fact label={t('admin.members.id')}>{member.id}</Fact>
            <Fact label={t('admin.member.phone')}>{member.username}</Fact>
            <Fact label={t('admin.member.bank')}>{member.bankCode} {member.bankAccountNo} · {member.bankAccountName}</Fact>
            <Fact label={t('admin.members.since')}><When value={member.createdAt} /></Fact>
            <Fact label={t('admin.members.wallet')}><Money value={data.wallet} /> {member.currency}</Fact>
          </dl>
          <div className="admin-actions">
            {can('members.lock') && (member.status === 'active'
              ? <ReasonAction label={t('admin.members.lock')} confirmLabel={t('admin.members.confirmLock')} disabled={busy}
                onConfirm={(reason) => run(() => adminCall(adminLockMember, { params: { id }, body: { reason } }), t('admin.members.locked'), reload)} />
              : <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => run(() => adminCall(adminUnlockMember, { params: { id } }), t('admin.members.unlocked'), reload)}>{t('admin.members.unlock')}</button>)}
            {can('members.password') && <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void resetPassword()}>{t('admin.members.resetPassword')}</button>}
          </div>
          {password && <p className="admin-note" role="status">{t('admin.members.newPassword')} <code data-testid="new-password">{password}</code></p>}
        </div>
        {/* Issue 31: limits, breaks and exclusions; set or lower only. */}
        {can('saferplay.read') && <MemberSaferPlay memberId={id} />}
        <div className="admin-card panel">
          <h2>{t('admin.members.games')}</h2>
          <ul className="admin-rows">
            {data.games.map((g) => (
              <li key={g.code}><span>{g.code}</span><span>{g.isActive ? g.username : t('admin.members.inactive')}</span><Money value={g.amount} /></li>
            ))}
          </ul>
        </div>
        <div className="admin-card panel">
          <h2>{t('admin.members.sessions', { count: data.sessions.length })}</h2>
          <ul className="admin-rows">
            {data.sessions.map((s) => (
              <li key={s.id}><When value={s.createdAt} /><span>{s.ip ?? '-'}</span><span className="admin-ua">{s.userAgent ?? '-'}</span></li>
            ))}
          </ul>
        </div>
      </div>
      <div className="admin-card panel">
        <h2>{t('admin.members.ledger')}</h2>
        <LoadState error={ledger.error} loading={!ledger.data} empty={ledger.data?.items.length === 0} />
        <ul className="admin-rows">
          {ledger.data?.items.map((row) => (
            <li key={row._id}>
              <When value={row.createdAt} />
              <span>{t(`statement.type.${row.statementType}`, { defaultValue: row.statementType })}</span>
              <span>{row.status === 'SUCCESS' || row.status === 'FAILED' ? t(`statement.status.${row.status}`) : t('statement.status.pending')}</span>
              <Money value={row.amount} />
            </li>
          ))}
        </ul>
        {ledger.data && <Pager page={page} total={ledger.data.total} onPage={setPage} />}
      </div>
    </section>
  );
}
