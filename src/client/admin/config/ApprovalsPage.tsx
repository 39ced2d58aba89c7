import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { adminConfigChanges, CONFIG_CHANGE_STATUSES, type ConfigChangeStatus } from '../../../contract';
import { adminCall } from '../api';
import { LoadState, Pager, StatusTabs } from '../parts';
import { useLoad } from '../useLoad';
import { ChangeCard } from './ChangeCard';

/** Every configuration change by status: the money rules waiting for a second operator first. */
export function ApprovalsPage({ onDecided }: { onDecided: () => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ConfigChangeStatus>('pending');
  const [page, setPage] = useState(1);
  // A tap on "Approvals" again (a new location key) reads the list again: another operator may have proposed since.
  const { key } = useLocation();
  const { data, error, reload } = useLoad(() => adminCall(adminConfigChanges, { query: { status, page } }), [status, page, key]);
  return (
    <section className="config-section" aria-labelledby="config-approvals-title">
      <h2 id="config-approvals-title">{t('admin.config.approvals')}</h2>
      <p className="admin-note">{t('admin.config.approvalsHelp')}</p>
      <StatusTabs value={status} options={CONFIG_CHANGE_STATUSES} label={(s) => t(`admin.config.status.${s}`)} onChange={(s) => { setStatus(s); setPage(1); }} />
      <LoadState error={error} loading={!data} empty={data?.items.length === 0} />
      <ul className="admin-list config-changes">
        {data?.items.map((c) => <ChangeCard key={c.id} change={c} onDecided={() => { reload(); onDecided(); }} />)}
      </ul>
      <Pager page={page} total={data?.total ?? 0} onPage={setPage} />
    </section>
  );
}
