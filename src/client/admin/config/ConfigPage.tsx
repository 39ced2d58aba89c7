import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { adminConfigSections } from '../../../contract';
import { adminCall } from '../api';
import { LoadState, PageHead } from '../parts';
import { useLoad } from '../useLoad';
import { useOperator } from '../session';
import { ApprovalsPage } from './ApprovalsPage';
import { ConfigReadOnly } from './readOnly';
import { SECTION_PAGES } from './sections/index';
import './config.css';

/**
 * /admin/config: everything members see that operators set (texts, rules, prizes, switches), one
 * page per section, and the changes that wait for a second operator's approval.
 */
export function ConfigPage() {
  const { t } = useTranslation();
  const { data, error, reload } = useLoad(() => adminCall(adminConfigSections), []);
  const readOnly = !useOperator().can('config.edit');
  const sections = (data?.sections ?? []).filter((s) => SECTION_PAGES[s.name]);
  const pending = (data?.sections ?? []).reduce((sum, s) => sum + s.pending, 0);
  return (
    <section className="admin-page" aria-labelledby="config-title">
      <PageHead id="config-title" title={t('admin.nav.config')} />
      <LoadState error={error} loading={!data} empty={false} />
      {data && (
        <div className="config">
          {/* Absolute links: under the splat route a relative one resolves against the section shown (money/bonus). */}
          <nav className="config__nav" aria-label={t('admin.config.sectionsLabel')}>
            <NavLink to="/admin/config/approvals" className="config__link" data-testid="config-nav-approvals">
              {t('admin.config.approvals')}{pending > 0 && <span className="config__count" aria-label={t('admin.config.waiting', { count: pending })}>{pending}</span>}
            </NavLink>
            {sections.map((s) => (
              <NavLink key={s.name} to={`/admin/config/${s.name}`} className="config__link" data-testid={`config-nav-${s.name}`}>
                {t(`admin.config.sections.${s.name}`)}{s.pending > 0 && <span className="config__count" aria-label={t('admin.config.waiting', { count: s.pending })}>{s.pending}</span>}
              </NavLink>
            ))}
          </nav>
          <div className={`config__body${readOnly ? ' config-readonly' : ''}`}>
            <ConfigReadOnly.Provider value={readOnly}>
            <Routes>
              <Route index element={<Navigate to={`/admin/config/${pending > 0 ? 'approvals' : (sections[0]?.name ?? 'approvals')}`} replace />} />
              <Route path="approvals" element={<ApprovalsPage onDecided={reload} />} />
              {sections.map((s) => {
                const Page = SECTION_PAGES[s.name]!;
                return <Route key={s.name} path={s.name} element={<Page />} />;
              })}
              <Route path="*" element={<Navigate to="/admin/config" replace />} />
            </Routes>
            </ConfigReadOnly.Provider>
          </div>
        </div>
      )}
    </section>
  );
}
