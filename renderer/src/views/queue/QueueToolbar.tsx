import type { RefObject } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { useDrafts } from '../../state/drafts';
import { BatchProgress } from './BatchProgress';
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
  const intl = useIntl();
  return (
    <div className="queue-bar">
      <div className="queue-bar__controls">
        <UploadAccountPicker target={target} />
        <ConcurrencyPicker />
        <div className="queue-bar__add">
          <Button ref={urlToggle} variant="ghost" aria-expanded={urlOpen} aria-controls={ADD_BY_URL_ID} onClick={onToggleUrl}>
            {intl.formatMessage({ id: 'queue.addByUrl.open' })}
          </Button>
          {/* An empty queue offers the picker in its own invitation. */}
          {hasDrafts ? <ChooseVideosButton onFiles={onFiles} disabled={target.openId === null} /> : null}
        </div>
      </div>
      {hasDrafts ? <QueueSummary /> : null}
      {hasDrafts ? <BatchProgress /> : null}
    </div>
  );
}

function QueueSummary() {
  const intl = useIntl();
  const summary = useDrafts((state) => state.summary);
  const parts = summaryParts(intl, summary);
  const total = intl.formatMessage({ id: 'queue.count.total' }, { count: summary.total });
  const label = summary.total === 0 ? intl.formatMessage({ id: 'queue.summary.none.label' }) : intl.formatMessage({ id: 'queue.summary.label' }, { total, parts: intl.formatList(parts, { type: 'unit', style: 'short' }) });
  return (
    <p className="queue-bar__summary" aria-label={label}>
      {summary.total === 0 ? (
        intl.formatMessage({ id: 'queue.summary.none' })
      ) : (
        <>
          <span className="queue-bar__total">{total}</span>
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
