/**
 * A draft's row while the list flies past it (scrolled by more than a screen since the last frame:
 * every row is new, and none stays in view long enough to be read): its name and state only, in
 * the row's own place and columns. The full row (DraftRow) takes its place as soon as the list
 * slows down. A full row costs a frame's worth of work when a screenful arrives at once; this costs
 * a tenth of it (queue-render benchmark, docs/BENCHMARKS.md).
 */
import { memo } from 'react';
import { useIntl } from 'react-intl';
import { useDrafts } from '../../state/drafts';
import { stateLabel } from './draft-words';

export const DraftRowGlimpse = memo(function DraftRowGlimpse({ id, index, count, top }: { id: string; index: number; count: number; top: number }) {
  const intl = useIntl();
  const draft = useDrafts((state) => state.byId.get(id));
  if (!draft) return null;
  return (
    <li className="draft-row draft-row--glimpse" style={{ transform: `translateY(${top}px)` }} aria-setsize={count} aria-posinset={index + 1} data-draft-id={draft.id} data-state={draft.state}>
      {/* The selection box's and the move buttons' places, so the name and status sit where the full row's do. */}
      <span />
      <span />
      <span className="draft-thumb" aria-hidden="true" />
      <div className="draft-row__main">
        <p className="draft-row__name" dir="auto">{draft.fileName}</p>
      </div>
      <div className="draft-row__status">
        <p className="draft-row__state">
          <span className="state-badge">{stateLabel(intl, draft.state)}</span>
        </p>
      </div>
      <span />
    </li>
  );
});
