import type { ReactNode } from 'react';
import { PageTitle } from '../ui/page-title.js';
import './admin.css';

/** One back-office screen: the tab title, the heading, and the screen's actions beside it. */
export function AdminPage({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="admin-page">
      <PageTitle page={`${title} · Admin`} />
      <header className="admin-page__header">
        <h1>{title}</h1>
        {actions && <div className="admin-page__actions">{actions}</div>}
      </header>
      {children}
    </div>
  );
}

/** A titled card of a screen (Layout, Featured Video, All Videos...). */
export function AdminPanel({
  title,
  actions,
  children,
  className = '',
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className={`admin-panel ${className}`.trim()} aria-labelledby={id}>
      <header className="admin-panel__header">
        <h2 id={id}>{title}</h2>
        {actions && <div className="admin-panel__actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
