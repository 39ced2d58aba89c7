import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes, useNavigate } from 'react-router';
import { adminLogout, adminMe, can as roleCan, type Permission } from '../../contract';
import { LanguageDropdown } from '../ui/LanguageDropdown';
import { adminCall, operatorToken, whenSessionEnds } from './api';
import { AdminLogin } from './AdminLogin';
import { AdjustmentsPage } from './pages/AdjustmentsPage';
import { ArrivalsPage } from './pages/ArrivalsPage';
import { AuditPage } from './pages/AuditPage';
import { ChatPage } from './pages/ChatPage';
import { DashboardPage } from './pages/DashboardPage';
import { ReportsPage } from './pages/ReportsPage';
import { ConfigPage } from './config/ConfigPage';
import { MemberPage } from './pages/MemberPage';
import { MembersPage } from './pages/MembersPage';
import { OperatorsPage } from './pages/OperatorsPage';
import { ServicePage } from './pages/ServicePage';
import { SlipsPage } from './pages/SlipsPage';
import { WithdrawalsPage } from './pages/WithdrawalsPage';
import { OperatorContext, type OperatorSession, type OperatorView } from './session';
import './admin.css';

type SectionKey = 'dashboard' | 'withdrawals' | 'slips' | 'arrivals' | 'adjustments' | 'members' | 'chat' | 'reports' | 'config' | 'audit' | 'operators' | 'service';

/** The console's pages in order; the first the operator may open is where the console opens (the dashboard for reports.read). */
const SECTIONS: { path: string; key: SectionKey; permission?: Permission }[] = [
  { path: 'dashboard', key: 'dashboard', permission: 'reports.read' },
  { path: 'withdrawals', key: 'withdrawals', permission: 'money.read' },
  { path: 'slips', key: 'slips', permission: 'money.read' },
  { path: 'arrivals', key: 'arrivals', permission: 'arrivals.read' },
  { path: 'adjustments', key: 'adjustments', permission: 'money.read' },
  { path: 'members', key: 'members', permission: 'members.read' },
  { path: 'chat', key: 'chat', permission: 'chat' },
  { path: 'reports', key: 'reports', permission: 'reports.read' },
  { path: 'config', key: 'config', permission: 'config.read' },
  { path: 'audit', key: 'audit', permission: 'audit.read' },
  { path: 'operators', key: 'operators', permission: 'operators.manage' },
  { path: 'service', key: 'service' },
];

/** The back office at /admin: its own login and session, loaded on demand (the member app never loads it). */
export default function AdminApp() {
  const navigate = useNavigate();
  const [operator, setOperator] = useState<OperatorView | null>(null);
  const [checking, setChecking] = useState(() => Boolean(operatorToken.get()));

  useEffect(() => {
    whenSessionEnds(() => {
      setOperator(null);
      void navigate('/admin/login', { replace: true });
    });
    if (!operatorToken.get()) return;
    adminCall(adminMe).then(setOperator, () => undefined).finally(() => setChecking(false));
  }, [navigate]);

  const session = useMemo<OperatorSession | null>(() => operator && {
    operator,
    can: (permission) => roleCan(operator.role, permission),
    signOut: () => {
      void adminCall(adminLogout).catch(() => undefined).finally(() => {
        operatorToken.clear();
        setOperator(null);
        void navigate('/admin/login', { replace: true });
      });
    },
  }, [operator, navigate]);

  if (checking) return null;
  return (
    <Routes>
      <Route path="login" element={session ? <Navigate to="/admin" replace /> : <AdminLogin onSignedIn={(o) => { setOperator(o); void navigate('/admin', { replace: true }); }} />} />
      <Route path="*" element={session ? (
        <OperatorContext.Provider value={session}>
          <AdminShell session={session} />
        </OperatorContext.Provider>
      ) : <Navigate to="/admin/login" replace />} />
    </Routes>
  );
}

function AdminShell({ session }: { session: OperatorSession }) {
  const { t } = useTranslation();
  const sections = SECTIONS.filter((s) => !s.permission || session.can(s.permission));
  return (
    <div className="admin">
      <header className="admin__bar">
        <strong className="admin__brand">{t('admin.title')}</strong>
        <span className="admin__who" data-testid="operator-name">{session.operator.name} · {t(`admin.roles.${session.operator.role}`)}</span>
        <LanguageDropdown />
        <button type="button" className="btn btn--ghost admin__logout" onClick={session.signOut}>{t('admin.logout')}</button>
      </header>
      <nav className="admin__nav" aria-label={t('admin.navLabel')}>
        {sections.map((s) => (
          <NavLink key={s.path} to={`/admin/${s.path}`} className="admin__tab">{t(`admin.nav.${s.key}`)}</NavLink>
        ))}
      </nav>
      <main className="admin__main">
        <Routes>
          <Route index element={<Navigate to={sections[0]?.path ?? 'service'} replace />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="reports" element={<ReportsPage />} />
          <Route path="withdrawals" element={<WithdrawalsPage />} />
          <Route path="slips" element={<SlipsPage />} />
          <Route path="arrivals" element={<ArrivalsPage />} />
          <Route path="adjustments" element={<AdjustmentsPage />} />
          <Route path="members" element={<MembersPage />} />
          <Route path="members/:id" element={<MemberPage />} />
          <Route path="chat" element={<ChatPage />} />
          <Route path="config/*" element={<ConfigPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="operators" element={<OperatorsPage />} />
          <Route path="service" element={<ServicePage />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </main>
    </div>
  );
}
