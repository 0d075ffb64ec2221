import type { ReactNode } from 'react';

/** The page's one h1, a sentence on what the section is for, and the section's main action if any. */
export function PageHeader({ title, description, actions }: { title: string; description: ReactNode; actions?: ReactNode }) {
  return (
    <header className={actions ? 'page-header page-header--with-actions' : 'page-header'}>
      <div className="page-header__text">
        <h1 className="page-header__title">{title}</h1>
        <p className="page-header__description">{description}</p>
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </header>
  );
}
