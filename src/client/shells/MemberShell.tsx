import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { call, endpoints } from '../api';
import { clearToken } from '../auth/storage';
import { ChatLauncher } from '../chat/ChatLauncher';
import { BottomMenu, type BottomMenuItem } from '../ui/BottomMenu';
import { ConnectionBanner } from '../ui/ConnectionBanner';
import { ChatIcon, HomeIcon, ListIcon, LogoutIcon, ScrollIcon, UserIcon } from '../ui/icons';
import { LanguageDropdown } from '../ui/LanguageDropdown';
import { WalletProvider } from '../wallet/WalletProvider';
import { forgetOnLogout } from '../push/pushDevice';
import { usePushFollowsLanguage } from '../push/usePushFollowsLanguage';
import { RealityCheckProvider } from '../saferPlay/RealityCheckProvider';
import { RestrictionNotice } from '../saferPlay/RestrictionNotice';
import { PlayStoppedListener } from '../saferPlay/PlayStoppedListener';
import { Brand } from './Brand';
import { AgreementGate } from '../agreement/AgreementGate';
import { ConditionsDialog } from './ConditionsDialog';
import { MaintenanceBanner } from '../maintenance/MaintenanceBanner';
import './shell.css';

/** The logged-in area under /user. */
export default function MemberShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [conditionsOpen, setConditionsOpen] = useState(false);
  usePushFollowsLanguage();

  const logout = () => {
    // This device stops receiving the member's pushes first (best effort: its call starts with the
    // token still stored). Then the session ends on the server too; the token is read synchronously
    // when the call starts, so it can be forgotten right away.
    void forgetOnLogout().catch(() => undefined).then(() => {
      void call(endpoints.logout).catch(() => undefined);
      clearToken();
      void navigate('/login', { replace: true });
    });
  };

  const items: BottomMenuItem[] = [
    { key: 'profile', label: t('nav.profile'), icon: UserIcon, to: '/user/profile' },
    { key: 'conditions', label: t('nav.conditions'), icon: ScrollIcon, onSelect: () => setConditionsOpen(true) },
    { key: 'statement', label: t('nav.statement'), icon: ListIcon, to: '/user/statement' },
    { key: 'contact', label: t('nav.contact'), icon: ChatIcon, to: '/user/contact' },
    { key: 'home', label: t('nav.home'), icon: HomeIcon, to: '/user/home' },
  ];

  return (
    <div className="app-column shell shell--member">
      <header className="shell__header">
        <Brand to="/user/home" />
        <div className="shell__actions">
          <LanguageDropdown />
          <button type="button" className="icon-button" aria-label={t('nav.logout')} title={t('nav.logout')} onClick={logout} data-testid="logout">
            <LogoutIcon size={20} />
          </button>
        </div>
        <ConnectionBanner />
      </header>
      <main className="shell__main">
        {/* A closing the operator scheduled: members read it ahead. */}
        <MaintenanceBanner page={pathname} />
        {/* The wallet and its live socket serve every member screen (home, statement, lobby). */}
        <WalletProvider>
          {/* Issue 31: the reality check's figures and reminder, over every member page. */}
          <RealityCheckProvider onSignOut={logout}>
            <RestrictionNotice />
            <PlayStoppedListener />
            <Outlet />
          </RealityCheckProvider>
        </WalletProvider>
      </main>
      <BottomMenu items={items} label={t('nav.menu')} />
      <ChatLauncher who="member" wake="idle" page={pathname} invite={pathname === '/user/contact'} />
      <ConditionsDialog open={conditionsOpen} onClose={() => setConditionsOpen(false)} />
      <AgreementGate />
    </div>
  );
}
