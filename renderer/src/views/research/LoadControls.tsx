/**
 * Paging controls: "Load more" (the next page), "Load all up to N" with progress, speed and
 * Cancel, and what is left of today's research quotas.
 */
import { useState } from 'react';
import { MAX_PAGE, MAX_SEARCH_ROWS } from '../../../../common/research-rules';
import { Button } from '../../components/Button';
import type { ResearchQuota, SearchView } from '../../api/contract';
import { cancelLoading, loadUpTo, useResearch } from '../../state/research';
import { percent } from '../../format';

/** What is left of today's quotas, once known. */
export function QuotaLine() {
  const quota = useResearch((state) => state.quota);
  return quota ? <QuotaText quota={quota} /> : null;
}

function QuotaText({ quota }: { quota: ResearchQuota }) {
  const requestsLeft = Math.max(0, quota.requestsLimit - quota.requestsUsed);
  const recordsLeft = Math.max(0, quota.recordsLimit - quota.recordsUsed);
  const hours = Math.max(0, (quota.resetsAt - Date.now()) / 3_600_000);
  return (
    <p className="research-quota" data-testid="research-quota">
      Left today: {requestsLeft.toLocaleString('en-US')} of {quota.requestsLimit.toLocaleString('en-US')} requests, {recordsLeft.toLocaleString('en-US')} of {quota.recordsLimit.toLocaleString('en-US')} records
      <span className="research-quota__reset"> · resets at 00:00 UTC{hours < 24 ? ` (in about ${hours < 1 ? 'less than an hour' : `${Math.round(hours)} h`})` : ''}</span>
    </p>
  );
}

export function LoadControls({ search }: { search: SearchView }) {
  const [upTo, setUpTo] = useState(10_000);
  const loading = search.state === 'loading';
  const valid = Number.isInteger(upTo) && upTo > search.loaded && upTo <= MAX_SEARCH_ROWS;
  return (
    <div className="research-load">
      <div className="research-load__actions">
        <Button onClick={() => void loadUpTo(search.loaded + MAX_PAGE)} unavailable={loading || !search.hasMore}>
          Load more
        </Button>
        <label className="research-load__upto">
          Load all up to
          <input type="number" min={1} max={MAX_SEARCH_ROWS} step={100} value={Number.isNaN(upTo) ? '' : upTo} onChange={(event) => setUpTo(event.target.valueAsNumber)} aria-label="Rows to load at most" />
        </label>
        <Button onClick={() => void loadUpTo(upTo)} unavailable={loading || !search.hasMore || !valid}>
          Load all
        </Button>
        {loading ? (
          <Button variant="ghost" onClick={() => void cancelLoading()}>
            Cancel
          </Button>
        ) : null}
      </div>
      <div className="research-load__status" role="status" aria-live="polite">
        <span data-testid="research-loaded">
          {search.loaded.toLocaleString('en-US')} {search.loaded === 1 ? 'video' : 'videos'} loaded
          {search.hasMore ? '' : ' — all there are'}
        </span>
        {loading ? (
          <>
            <progress max={100} value={percent(search.loaded, search.target)} aria-label="Loading progress" />
            <span>
              of {search.target.toLocaleString('en-US')}
              {search.recordsPerSecond !== null ? ` · ${search.recordsPerSecond.toLocaleString('en-US')} videos/s` : ''}
            </span>
          </>
        ) : null}
      </div>
      {search.message ? <p className={search.state === 'failed' || search.state === 'stopped' ? 'research-load__message research-load__message--stop' : 'research-load__message'}>{search.message}</p> : null}
    </div>
  );
}
