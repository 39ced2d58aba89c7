import './zodWithoutEval';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App, startMemberPage } from './App';
import { setupI18n } from './i18n';
import { listenForInstallPrompt } from './pwa/installPrompt';
import { wantsLightData } from './ui/lightData';

// Issue 32: the browser's offer to install comes once and early, maybe before the first render.
listenForInstallPrompt();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

startMemberPage(location.pathname);

/**
 * The service worker (the installable app, issue 32) in production builds only, never for the
 * operators' console, and only once the first page is idle: its code and the precache it fills
 * must not slow the page the member is waiting for. A phone saving data (or on 2g/3g) is not made
 * to download the app ahead (the precache); it registers on a later visit on a better line.
 */
const registerWhenIdle = () => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || window.location.pathname.startsWith('/admin')) return;
  const register = () => {
    if (wantsLightData()) return;
    void import('./pwa/serviceWorker').then((m) => m.registerServiceWorker()).catch(() => undefined);
  };
  // Safari has no requestIdleCallback.
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 2000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
};

// The first render waits for the member's language: no raw keys flash before the strings arrive.
// A transition: React renders the first page in slices, yielding to the browser between them,
// instead of one long task a slow phone cannot answer a tap during (Lighthouse's blocking time).
void setupI18n().then(() => {
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  registerWhenIdle();
});
