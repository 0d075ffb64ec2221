import { useIntl } from 'react-intl';
import { useConnection } from '../../state/connection';
import { useQueueView, useVisibleRows } from '../../state/queue-view';
import { BulkBar } from './BulkBar';
import { DraftList } from './DraftList';
import { AccountCounts, ClearFinished, PlanToggle, QueueFilters } from './QueueFilters';
import { QueuePlan } from './QueuePlan';

/** Above a non-empty queue: what it shows, its counts per account and state, the selection's bulk actions and clearing the finished. */
export function QueueTools() {
  const mode = useQueueView((state) => state.mode);
  return (
    <div className="queue-tools">
      <QueueFilters />
      <AccountCounts />
      <div className="queue-selection">
        {mode === 'list' ? <SelectionBar /> : null}
        <PlanToggle />
        <ClearFinished />
      </div>
    </div>
  );
}

function SelectionBar() {
  const { ids } = useVisibleRows();
  return <BulkBar shown={ids} />;
}

/**
 * The drafts as a list, or the day plan. While Draftdeck is stopped (or not answering) the rows
 * say so and their actions are out of reach (inert): a click would only fail. The wrapper stays,
 * so the list keeps its scroll and rows when Draftdeck is back.
 */
export function QueueBody() {
  const intl = useIntl();
  const mode = useQueueView((state) => state.mode);
  const stopped = !useConnection((state) => state.reachable);
  return (
    <>
      {stopped ? (
        <p className="queue-stopped" role="status">
          {intl.formatMessage({ id: 'queue.stopped.note' })}
        </p>
      ) : null}
      <div className={stopped ? 'queue-body queue-body--stopped' : 'queue-body'} inert={stopped || undefined} data-testid="queue-body">
        {mode === 'plan' ? <QueuePlan /> : <DraftList />}
      </div>
    </>
  );
}
