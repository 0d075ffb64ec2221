/**
 * Paging controls: "Load more" (the next page), "Load all up to N" with progress, speed and
 * Cancel, and what is left of today's research quotas.
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { MAX_PAGE, MAX_SEARCH_ROWS } from '../../../../common/research-rules';
import { Button } from '../../components/Button';
import type { ResearchQuota, SearchView } from '../../api/contract';
import { cancelLoading, loadUpTo, useResearch } from '../../state/research';
import { percent } from '../../format';
import { sayWords } from '../../i18n/main-words';

/** What is left of today's quotas, once known. */
export function QuotaLine() {
  const quota = useResearch((state) => state.quota);
  return quota ? <QuotaText quota={quota} /> : null;
}

function QuotaText({ quota }: { quota: ResearchQuota }) {
  const intl = useIntl();
  const requestsLeft = Math.max(0, quota.requestsLimit - quota.requestsUsed);
  const recordsLeft = Math.max(0, quota.recordsLimit - quota.recordsUsed);
  const hours = Math.max(0, (quota.resetsAt - Date.now()) / 3_600_000);
  return (
    <p className="research-quota" data-testid="research-quota">
      {intl.formatMessage({ id: 'research.quota' }, { requestsLeft, requestsLimit: quota.requestsLimit, recordsLeft, recordsLimit: quota.recordsLimit })}
      <span className="research-quota__reset">
        {hours >= 24 ? intl.formatMessage({ id: 'research.quota.resets' }) : hours < 1 ? intl.formatMessage({ id: 'research.quota.resetsSoon' }) : intl.formatMessage({ id: 'research.quota.resetsIn' }, { hours: Math.round(hours) })}
      </span>
    </p>
  );
}

export function LoadControls({ search }: { search: SearchView }) {
  const intl = useIntl();
  const [upTo, setUpTo] = useState(10_000);
  const loading = search.state === 'loading';
  const valid = Number.isInteger(upTo) && upTo > search.loaded && upTo <= MAX_SEARCH_ROWS;
  return (
    <div className="research-load">
      <div className="research-load__actions">
        <Button onClick={() => void loadUpTo(search.loaded + MAX_PAGE)} unavailable={loading || !search.hasMore}>
          {intl.formatMessage({ id: 'research.load.more' })}
        </Button>
        <label className="research-load__upto">
          {intl.formatMessage({ id: 'research.load.upTo' })}
          <input type="number" min={1} max={MAX_SEARCH_ROWS} step={100} value={Number.isNaN(upTo) ? '' : upTo} onChange={(event) => setUpTo(event.target.valueAsNumber)} aria-label={intl.formatMessage({ id: 'research.load.upToLabel' })} />
        </label>
        <Button onClick={() => void loadUpTo(upTo)} unavailable={loading || !search.hasMore || !valid}>
          {intl.formatMessage({ id: 'research.load.all' })}
        </Button>
        {loading ? (
          <Button variant="ghost" onClick={() => void cancelLoading()}>
            {intl.formatMessage({ id: 'research.load.cancel' })}
          </Button>
        ) : null}
      </div>
      <div className="research-load__status" role="status" aria-live="polite">
        <span data-testid="research-loaded">
          {intl.formatMessage({ id: search.hasMore ? 'research.load.loaded' : 'research.load.loadedAll' }, { count: search.loaded })}
        </span>
        {loading ? (
          <>
            <progress max={100} value={percent(search.loaded, search.target)} aria-label={intl.formatMessage({ id: 'research.load.progress' })} />
            <span>
              {search.recordsPerSecond === null
                ? intl.formatMessage({ id: 'research.load.of' }, { target: search.target })
                : intl.formatMessage({ id: 'research.load.ofSpeed' }, { target: search.target, speed: search.recordsPerSecond })}
            </span>
          </>
        ) : null}
      </div>
      {search.messageWords ? <p className={search.state === 'failed' || search.state === 'stopped' ? 'research-load__message research-load__message--stop' : 'research-load__message'}>{sayWords(intl, search.messageWords)}</p> : null}
    </div>
  );
}
