import { useId, type ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

interface EmptyStateProps {
  icon: IconName;
  title: string;
  children: ReactNode;
  /** What a person can do about it, if anything yet. */
  actions?: ReactNode;
  /** Plain words on what is not there yet, when the section is not built. */
  note?: ReactNode;
}

/** What a section shows when it has nothing: what would be here, and how it gets here. */
export function EmptyState({ icon, title, children, actions, note }: EmptyStateProps) {
  const titleId = useId();
  return (
    <section className="empty-state" aria-labelledby={titleId}>
      <div className="empty-state__icon">
        <Icon name={icon} size={28} />
      </div>
      <h2 id={titleId} className="empty-state__title">
        {title}
      </h2>
      <div className="empty-state__body">{children}</div>
      {actions ? <div className="empty-state__actions">{actions}</div> : null}
      {note ? <p className="empty-state__note">{note}</p> : null}
    </section>
  );
}
