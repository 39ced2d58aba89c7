import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App, startMemberPage } from './App';
import { setupI18n } from './i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

startMemberPage(location.pathname);

// The first render waits for the member's language: no raw keys flash before the strings arrive.
// A transition: React renders the first page in slices, yielding to the browser between them,
// instead of one long task a slow phone cannot answer a tap during (Lighthouse's blocking time).
void setupI18n().then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
