import type { RefObject } from 'react';
import { Button } from '../../components/Button';
import { useDrafts } from '../../state/drafts';
import { plural } from '../../format';
import { ChooseVideosButton } from './ChooseVideosButton';
import { ConcurrencyPicker } from './ConcurrencyPicker';
import { summaryParts } from './draft-words';
import { UploadAccountPicker } from './UploadAccountPicker';
import type { UploadTarget } from './use-upload-target';

/** The id of the "Add by URL" form, which the toolbar's button opens and closes. */
export const ADD_BY_URL_ID = 'queue-add-by-url';

interface QueueToolbarProps {
  target: UploadTarget;
  onFiles: (files: File[]) => void;
  hasDrafts: boolean;
  /** The "Add by URL" form is open (it shows under the bar: most people add files, so it waits behind a button). */
  urlOpen: boolean;
  urlToggle: RefObject<HTMLButtonElement | null>;
  onToggleUrl: () => void;
}

/** Stays in view while the list scrolls: where drafts go, how many upload at once, the ways to add, and the counts. */
export function QueueToolbar({ target, onFiles, hasDrafts, urlOpen, urlToggle, onToggleUrl }: QueueToolbarProps) {
  return (
    <div className="queue-bar">
      <div className="queue-bar__controls">
        <UploadAccountPicker target={target} />
        <ConcurrencyPicker />
        <div className="queue-bar__add">
          <Button ref={urlToggle} variant="ghost" aria-expanded={urlOpen} aria-controls={ADD_BY_URL_ID} onClick={onToggleUrl}>
            Add by URL
          </Button>
          {/* An empty queue offers the picker in its own invitation. */}
          {hasDrafts ? <ChooseVideosButton onFiles={onFiles} disabled={target.openId === null} /> : null}
        </div>
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
