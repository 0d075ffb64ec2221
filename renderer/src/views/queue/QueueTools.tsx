import { useQueueView, useVisibleRows } from '../../state/queue-view';
import { BulkBar } from './BulkBar';
import { DraftList } from './DraftList';
import { AccountCounts, ClearFinished, QueueFilters } from './QueueFilters';
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
        <ClearFinished />
      </div>
    </div>
  );
}

function SelectionBar() {
  const { ids } = useVisibleRows();
  return <BulkBar shown={ids} />;
}

/** The drafts as a list, or the day plan. */
export function QueueBody() {
  const mode = useQueueView((state) => state.mode);
  return mode === 'plan' ? <QueuePlan /> : <DraftList />;
}
