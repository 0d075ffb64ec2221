import type { ReactNode } from 'react';
import type { ApiError } from '../api/client';
import { Icon } from './Icon';

/** A failure a person should read, with its code for a bug report. Announced when it appears. */
export function ErrorBanner({ title, error, children }: { title: string; error?: ApiError | null; children?: ReactNode }) {
  return (
    <div className="banner banner--error" role="alert">
      <Icon name="alert" />
      <div className="banner__content">
        <p className="banner__title">{title}</p>
        {error ? (
          <p className="banner__detail">
            {error.message} <code className="banner__code">{error.code}</code>
          </p>
        ) : null}
        {children}
      </div>
    </div>
  );
}
