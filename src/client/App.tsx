import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { ApiNavigationBridge } from './api/ApiNavigationBridge';
import { RequireToken } from './auth/RequireToken';
import { hasToken } from './auth/storage';
import { withAllStrings } from './i18n';
import { LoginScreen } from './screens/LoginScreen';
import { NotFoundScreen } from './screens/NotFoundScreen';
import { PublicShell } from './shells/PublicShell';
import { AppUpdateSlot } from './pwa/AppUpdateSlot';
import { ToastProvider } from './ui/Toasts';

// The member area loads on demand so the login page stays small, with every section of the
// member's language (the login page has only the start of it: i18n/sections.ts).
const loadMemberShell = () => import('./shells/MemberShell');
const loadHome = () => import('./screens/HomeScreen');
const loadStatement = () => import('./screens/StatementScreen');
const loadBonus = () => import('./bonus/BonusScreen');
const loadSaferPlay = () => import('./saferPlay/SaferPlayScreen');
const loadProfile = () => import('./screens/profile/ProfileScreen').then((m) => ({ default: m.ProfileScreen }));
const MemberShell = lazy(withAllStrings(loadMemberShell));
const HomeScreen = lazy(withAllStrings(loadHome));
const StatementScreen = lazy(withAllStrings(loadStatement));
const BonusScreen = lazy(withAllStrings(loadBonus));
const SaferPlayScreen = lazy(withAllStrings(loadSaferPlay));
const ProfileScreen = lazy(withAllStrings(loadProfile));

/**
 * A returning member opening a member page: its code starts loading with the app itself, beside
 * the strings, instead of after them and after the shell (each step a round trip on a slow line:
 * Lighthouse's slow 4G put the home's balance 2 s later). The lazy routes then find it loaded.
 */
const MEMBER_PAGES: Record<string, () => Promise<unknown>> = {
  '/user': loadHome,
  '/user/home': loadHome,
  '/user/statement': loadStatement,
  '/user/bonus': loadBonus,
  '/user/safer-play': loadSaferPlay,
  '/user/profile': loadProfile,
};
export const startMemberPage = (path: string) => {
  const page = MEMBER_PAGES[path.replace(/\/+$/, '') || '/user'];
  if (!page || !hasToken()) return;
  // The contract's schemas (src/client/build/codeSplitting.ts, CONTRACT_CHUNK) imported on their
  // own are built in a task of their own, not in one long task with the shell's and the page's.
  void import('../contract/endpoints').catch(() => undefined);
  void loadMemberShell().catch(() => undefined);
  void page().catch(() => undefined);
};
// The public pages beside login load on demand too: the wizard brings XState along.
const RegisterScreen = lazy(withAllStrings(() => import('./screens/register/RegisterScreen').then((m) => ({ default: m.RegisterScreen }))));
const HowtoScreen = lazy(withAllStrings(() => import('./screens/howto/HowtoScreen').then((m) => ({ default: m.HowtoScreen }))));
const ForgotPasswordScreen = lazy(
  withAllStrings(() => import('./screens/forgot/ForgotPasswordScreen').then((m) => ({ default: m.ForgotPasswordScreen }))),
);
const ContactScreen = lazy(withAllStrings(() => import('./screens/contact/ContactScreen').then((m) => ({ default: m.ContactScreen }))));
// The sandbox demo provider's slot game, opened from a launch link; it brings Pixi along.
const DemoGameScreen = lazy(withAllStrings(() => import('./game/DemoGameScreen')));
// The spin page brings Pixi (the wheel) and, for a prize, three.js along.
const SpinScreen = lazy(withAllStrings(() => import('./spin/SpinScreen')));
// The closed-service page watches for the service to return (XState) and shows the contact.
const TerminatedScreen = lazy(withAllStrings(() => import('./screens/TerminatedScreen')));
// The operators' back office: its own chunk, never loaded by the member pages.
const AdminApp = lazy(withAllStrings(() => import('./admin/AdminApp')));

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
              <Route path="forgot-password" element={<ForgotPasswordScreen />} />
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
              <Route path="safer-play" element={<SaferPlayScreen />} />
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
      <AppUpdateSlot />
    </ToastProvider>
  );
}
