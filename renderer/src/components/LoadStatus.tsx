import { useIntl } from 'react-intl';
import type { ApiError } from '../api/client';
import { Button } from './Button';
import { ErrorBanner } from './ErrorBanner';

/** What is loading: each has its own "Loading …" and "could not load" message (common.load.*), whole sentences for the translators. */
export type LoadSubject = 'queue' | 'accounts' | 'catalog' | 'settings' | 'purchases' | 'latestPurchases';

/**
 * What a view shows before its data arrives: "Loading …" while it is on its way, or why it
 * could not be loaded with a way to try again.
 */
export function LoadStatus({ what, name, error, onRetry }: { what: LoadSubject; name?: string; error: ApiError | null; onRetry: () => void }) {
  const intl = useIntl();
  if (error) {
    return (
      <ErrorBanner title={intl.formatMessage({ id: `common.load.${what}.failed` }, { name })} error={error}>
        <Button className="banner__action" onClick={onRetry}>
          {intl.formatMessage({ id: 'common.tryAgain' })}
        </Button>
      </ErrorBanner>
    );
  }
  return (
    <p className="loading" role="status">
      {intl.formatMessage({ id: `common.load.${what}.loading` }, { name })}
    </p>
  );
}
