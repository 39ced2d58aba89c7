import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './App';
import { setupI18n } from './i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render waits for the member's language: no raw keys flash before the strings arrive.
void setupI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
