import { useIntl } from 'react-intl';
import type { ReactNode } from 'react';

/**
 * The technical side of a message (a host's error code, a platform's fail code) for whoever needs
 * it, closed by default behind intl.formatMessage({ id: 'shell.details' }): the sentence above it stays in a creator's words.
 */
export function TechnicalDetails({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <details className="tech-details">
      <summary>{intl.formatMessage({ id: 'shell.details' })}</summary>
      <code className="tech-details__body">{children}</code>
    </details>
  );
}
