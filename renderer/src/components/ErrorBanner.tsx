import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ApiError } from '../api/client';
import { Icon } from './Icon';
import { TechnicalDetails } from './TechnicalDetails';
import { sayError } from '../i18n/main-words';

/** A failure a person should read; its code for a bug report sits behind "Details". Announced when it appears. */
export function ErrorBanner({ title, error, children }: { title: string; error?: ApiError | null; children?: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="banner banner--error" role="alert">
      <Icon name="alert" />
      <div className="banner__content">
        <p className="banner__title">{title}</p>
        {error ? (
          <>
            <p className="banner__detail">{sayError(intl, error)}</p>
            <TechnicalDetails>{error.code}</TechnicalDetails>
          </>
        ) : null}
        {children}
      </div>
    </div>
  );
}
