import { useDrafts } from '../../state/drafts';
import { plural } from '../../format';
import { ChooseVideosButton } from './ChooseVideosButton';
import { ConcurrencyPicker } from './ConcurrencyPicker';
import { summaryParts } from './draft-words';
import { UploadAccountPicker } from './UploadAccountPicker';
import type { UploadTarget } from './use-upload-target';

/** Stays in view while the list scrolls: where drafts go, how many upload at once, a way to add, and the counts. */
export function QueueToolbar({ target, onFiles, hasDrafts }: { target: UploadTarget; onFiles: (files: File[]) => void; hasDrafts: boolean }) {
  return (
    <div className="queue-bar">
      <div className="queue-bar__controls">
        <UploadAccountPicker target={target} />
        <ConcurrencyPicker />
        {hasDrafts ? (
          <div className="queue-bar__add">
            <ChooseVideosButton onFiles={onFiles} disabled={target.openId === null} />
          </div>
        ) : null}
      </div>
      {hasDrafts ? <QueueSummary /> : null}
    </div>
  );
}

function QueueSummary() {
  const summary = useDrafts((state) => state.summary);
  const parts = summaryParts(summary);
  return (
    <p className="queue-bar__summary" aria-label={`Queue: ${summary.total === 0 ? 'no drafts' : `${plural(summary.total, 'draft')}, ${parts.join(', ')}`}`}>
      {summary.total === 0 ? (
        'No drafts'
      ) : (
        <>
          <span className="queue-bar__total">{plural(summary.total, 'draft')}</span>
          {parts.map((part) => (
            <span key={part} className="queue-bar__part">
              {part}
            </span>
          ))}
        </>
      )}
    </p>
  );
}
