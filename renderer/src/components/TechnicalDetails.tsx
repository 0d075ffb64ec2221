import type { ReactNode } from 'react';

/**
 * The technical side of a message (a host's error code, a platform's fail code) for whoever needs
 * it, closed by default behind "Details": the sentence above it stays in a creator's words.
 */
export function TechnicalDetails({ children }: { children: ReactNode }) {
  return (
    <details className="tech-details">
      <summary>Details</summary>
      <code className="tech-details__body">{children}</code>
    </details>
  );
}
