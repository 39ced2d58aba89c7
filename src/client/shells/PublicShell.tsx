import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { clearSession } from '../auth/storage';
import { BottomMenu, type BottomMenuItem } from '../ui/BottomMenu';
import { ConnectionBanner } from '../ui/ConnectionBanner';
import { ChatIcon, LoginIcon, PlayIcon, RegisterIcon } from '../ui/icons';
import { LanguageDropdown } from '../ui/LanguageDropdown';
import { useIdleAfter } from '../ui/useIdleAfter';
import { Brand } from './Brand';
import './shell.css';

// The guest's chat button comes once the page is idle: /login works without it, and its code is
// not in the login page's JavaScript budget (issue 18; tests/e2e/bundle.e2e.ts counts it apart).
const ChatLauncher = lazy(() => import('../chat/ChatLauncher').then((m) => ({ default: m.ChatLauncher })));

/** The logged-out area: /login, /register, /howto, /contact. */
export function PublicShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const chatDue = useIdleAfter(true);

  // SPEC section 2: entering the logged-out shell ends any session left in the browser.
  useEffect(() => {
    clearSession();
  }, []);

  const items: BottomMenuItem[] = [
    { key: 'login', label: t('nav.login'), icon: LoginIcon, to: '/login' },
    { key: 'register', label: t('nav.register'), icon: RegisterIcon, to: '/register' },
    { key: 'howto', label: t('nav.howto'), icon: PlayIcon, to: '/howto' },
    { key: 'contact', label: t('nav.contact'), icon: ChatIcon, to: '/contact' },
  ];

  return (
    <div className="app-column shell">
      <header className="shell__header">
        <Brand to="/login" />
        <LanguageDropdown />
        <ConnectionBanner />
      </header>
      <main className="shell__main">
        {/* The pages beside login load on demand; the shell stays while they do. */}
        <Suspense
          fallback={
            <p className="dialog-status" role="status">
              <span className="spinner" aria-hidden="true" /> {t('app.loading')}
            </p>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <BottomMenu items={items} label={t('nav.menu')} />
      {/* A guest's chat; its live part waits for the visitor's first touch (the login page's budget). */}
      {chatDue && (
        <Suspense fallback={null}>
          <ChatLauncher who="guest" wake="firstTouch" page={pathname} invite={pathname === '/contact'} />
        </Suspense>
      )}
    </div>
  );
}
