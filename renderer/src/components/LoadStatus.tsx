import type { ApiError } from '../api/client';
import { Button } from './Button';
import { ErrorBanner } from './ErrorBanner';

/**
 * What a view shows before its data arrives: "Loading …" while it is on its way, or why it
 * could not be loaded with a way to try again.
 */
export function LoadStatus({ what, error, onRetry }: { what: string; error: ApiError | null; onRetry: () => void }) {
  if (error) {
    return (
      <ErrorBanner title={`Draftdeck could not load ${what}`} error={error}>
        <Button className="banner__action" onClick={onRetry}>
          Try again
        </Button>
      </ErrorBanner>
    );
  }
  return (
    <p className="loading" role="status">
      Loading {what}…
    </p>
  );
}
