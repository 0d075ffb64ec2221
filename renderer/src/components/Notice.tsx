import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

type Tone = 'info' | 'success' | 'warning';

const ICONS: Record<Tone, IconName> = { info: 'info', success: 'check', warning: 'alert' };

interface NoticeProps {
  tone: Tone;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons or links, under the text. */
  actions?: ReactNode;
  /** A close button (named "Dismiss" plus the title for screen readers), when it can go away. */
  onDismiss?: () => void;
  /**
   * 'status' announces it politely when it appears; 'none' for notices that are there when the
   * page opens (announcing those would only repeat the page).
   */
  live?: 'status' | 'none';
  dismissLabel?: string;
}

/** A message that is not a failure: an outcome, a caution, a state worth knowing. Shares ErrorBanner's shape. */
export function Notice({ tone, title, children, actions, onDismiss, live = 'status', dismissLabel = 'Dismiss' }: NoticeProps) {
  return (
    <div className={`banner banner--${tone}`} role={live === 'status' ? 'status' : undefined}>
      <Icon name={ICONS[tone]} />
      <div className="banner__content">
        <p className="banner__title">{title}</p>
        {children ? <div className="banner__detail">{children}</div> : null}
        {actions ? <div className="banner__actions">{actions}</div> : null}
      </div>
      {onDismiss ? (
        <button type="button" className="icon-button banner__dismiss" aria-label={dismissLabel} title={dismissLabel} onClick={onDismiss}>
          <Icon name="close" size={16} />
        </button>
      ) : null}
    </div>
  );
}
