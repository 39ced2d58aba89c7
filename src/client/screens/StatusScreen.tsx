import type { ReactNode } from 'react';
import { LanguageDropdown } from '../ui/LanguageDropdown';
import { BrandMark } from '../ui/icons';
import './pages.css';

/** A full-screen message outside the shells: the closed-service and not-found pages. */
export function StatusScreen({ badge, title, body, action }: { badge: ReactNode; title: string; body: string; action?: ReactNode }) {
  return (
    <div className="app-column status">
      <header className="status__header">
        <BrandMark size={34} />
        <LanguageDropdown />
      </header>
      <main className="status__main">
        <div className="status__badge">{badge}</div>
        <h1 className="status__title">{title}</h1>
        <p className="status__body">{body}</p>
        {action}
      </main>
    </div>
  );
}
