import type { ReactNode } from 'react';

/** The page's one h1 and a sentence on what the section is for. */
export function PageHeader({ title, description }: { title: string; description: ReactNode }) {
  return (
    <header className="page-header">
      <h1 className="page-header__title">{title}</h1>
      <p className="page-header__description">{description}</p>
    </header>
  );
}
