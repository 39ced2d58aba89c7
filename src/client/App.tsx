import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { ApiNavigationBridge } from './api/ApiNavigationBridge';
import { RequireToken } from './auth/RequireToken';
import { LoginScreen } from './screens/LoginScreen';
import { NotFoundScreen } from './screens/NotFoundScreen';
import { TerminatedScreen } from './screens/TerminatedScreen';
import { PublicShell } from './shells/PublicShell';
import { ToastProvider } from './ui/Toasts';

// The member area loads on demand so the login page stays small.
const MemberShell = lazy(() => import('./shells/MemberShell'));
const HomeScreen = lazy(() => import('./screens/HomeScreen'));
const StatementScreen = lazy(() => import('./screens/StatementScreen'));
const BonusScreen = lazy(() => import('./bonus/BonusScreen'));
const ProfileScreen = lazy(() => import('./screens/profile/ProfileScreen').then((m) => ({ default: m.ProfileScreen })));
// The public pages beside login load on demand too: the wizard brings XState along.
const RegisterScreen = lazy(() => import('./screens/register/RegisterScreen').then((m) => ({ default: m.RegisterScreen })));
const HowtoScreen = lazy(() => import('./screens/howto/HowtoScreen').then((m) => ({ default: m.HowtoScreen })));
const ContactScreen = lazy(() => import('./screens/contact/ContactScreen').then((m) => ({ default: m.ContactScreen })));
// The sandbox demo provider's slot game, opened from a launch link; it brings Pixi along.
const DemoGameScreen = lazy(() => import('./game/DemoGameScreen'));
// The spin page brings Pixi (the wheel) and, for a prize, three.js along.
const SpinScreen = lazy(() => import('./spin/SpinScreen'));
// The operators' back office: its own chunk, never loaded by the member pages.
const AdminApp = lazy(() => import('./admin/AdminApp'));

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="app-column app-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t('app.loading')}</span>
    </div>
  );
}

/** The routes of SPEC section 2, in history mode at base '/'. */
export function App() {
  return (
    <ToastProvider>
      <BrowserRouter>
        <ApiNavigationBridge />
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route index element={<Navigate to="/user" replace />} />
            <Route element={<PublicShell />}>
              <Route path="login" element={<LoginScreen />} />
              <Route path="register" element={<RegisterScreen />} />
              <Route path="howto" element={<HowtoScreen />} />
              <Route path="contact" element={<ContactScreen flush />} />
            </Route>
            <Route
              path="user"
              element={
                <RequireToken>
                  <MemberShell />
                </RequireToken>
              }
            >
              <Route index element={<Navigate to="home" replace />} />
              <Route path="home" element={<HomeScreen />} />
              <Route path="profile" element={<ProfileScreen />} />
              <Route path="bonus" element={<BonusScreen />} />
              <Route path="statement" element={<StatementScreen />} />
              <Route path="contact" element={<ContactScreen />} />
              <Route path="spin" element={<SpinScreen />} />
            </Route>
            <Route path="terminated" element={<TerminatedScreen />} />
            <Route path="sandbox/game/:code" element={<DemoGameScreen />} />
            <Route path="admin/*" element={<AdminApp />} />
            <Route path="*" element={<NotFoundScreen />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </ToastProvider>
  );
}
