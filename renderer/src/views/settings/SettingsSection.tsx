import { useId, type ReactNode } from 'react';

/** One card of the Settings page: a titled group with a sentence on what it changes. */
export function SettingsSection({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <header className="settings-section__header">
        <h2 id={titleId} className="settings-section__title">
          {title}
        </h2>
        <p className="settings-section__description">{description}</p>
      </header>
      <div className="settings-section__body">{children}</div>
    </section>
  );
}
