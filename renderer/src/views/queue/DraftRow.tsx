/**
 * One draft in the queue: picture, name, size, length and account; its state in words with a
 * progress bar; and what can be done with it now. Every control is a button named with the file
 * ("Pause clip.mp4"), so a screen reader's button list reads as a to-do list.
 */
import { memo, useRef, useState, type CSSProperties } from 'react';
import type { DraftView } from '../../api/contract';
import { Icon, type IconName } from '../../components/Icon';
import { formatBytes, formatDuration } from '../../format';
import { accountLabel, useAccounts } from '../../state/accounts';
import { moveDraft, runDraftAction, useDrafts } from '../../state/drafts';
import { useThumbnail } from '../../state/thumbnails';
import { actionsFor, describeDraft, type DraftActionName } from './draft-words';
import { DraftThumb } from './DraftThumb';
import { ProgressBar } from './ProgressBar';

interface DraftRowProps {
  id: string;
  index: number;
  count: number;
  style: CSSProperties;
}

const ACTIONS: Record<DraftActionName, { icon: IconName; verb: string }> = {
  pause: { icon: 'pause', verb: 'Pause' },
  resume: { icon: 'play', verb: 'Resume' },
  cancel: { icon: 'close', verb: 'Cancel' },
  retry: { icon: 'retry', verb: 'Retry' },
  remove: { icon: 'trash', verb: 'Remove' },
};

export const DraftRow = memo(function DraftRow({ id, index, count, style }: DraftRowProps) {
  const draft = useDrafts((state) => state.byId.get(id));
  if (!draft) return null;
  return <DraftRowContent draft={draft} index={index} count={count} style={style} />;
});

function DraftRowContent({ draft, index, count, style }: { draft: DraftView; index: number; count: number; style: CSSProperties }) {
  const thumbnail = useThumbnail(draft);
  const account = useAccounts((state) => state.accounts?.find((candidate) => candidate.openId === draft.openId));
  const words = describeDraft(draft);
  const name = draft.fileName;
  const meta = [draft.kind === 'video_url' ? draft.sourceUrl : formatBytes(draft.size), draft.durationMs !== null ? formatDuration(draft.durationMs) : null, account ? accountLabel(account) : draft.openId].filter(Boolean).join(' · ');

  return (
    <li className={`draft-row draft-row--${words.tone}`} style={style} aria-setsize={count} aria-posinset={index + 1} data-draft-id={draft.id} data-state={draft.state}>
      <MoveButtons id={draft.id} name={name} first={index === 0} last={index === count - 1} />
      <DraftThumb src={thumbnail} />
      <div className="draft-row__main">
        <p className="draft-row__name" title={name}>
          {name}
        </p>
        <p className="draft-row__meta" title={meta}>
          {meta}
        </p>
      </div>
      <div className="draft-row__status">
        <p className="draft-row__state">
          <span className={`state-badge state-badge--${words.tone}`}>{words.label}</span>
        </p>
        {words.detail ? (
          <p className="draft-row__detail" title={words.detail}>
            {words.detail}
          </p>
        ) : null}
        {words.progress !== null ? <ProgressBar value={words.progress} tone={words.tone} label={`${name}: ${words.label}`} /> : null}
      </div>
      <div className="draft-row__actions">
        {actionsFor(draft).map((action, position) => (
          // Keyed by position: Pause becomes Resume in the same element, so keyboard focus stays.
          <ActionButton key={position} draft={draft} action={action} index={index} />
        ))}
      </div>
    </li>
  );
}

function ActionButton({ draft, action, index }: { draft: DraftView; action: DraftActionName; index: number }) {
  const [busy, setBusy] = useState(false);
  const { icon, verb } = ACTIONS[action];
  const label = `${verb} ${draft.fileName}`;
  return (
    <button
      type="button"
      className={action === 'remove' ? 'icon-button icon-button--danger' : 'icon-button'}
      aria-label={label}
      title={verb}
      aria-busy={busy || undefined}
      onClick={async (event) => {
        if (busy) return;
        const list = event.currentTarget.closest('ul');
        setBusy(true);
        await runDraftAction(draft, action);
        setBusy(false);
        if (action === 'remove' && list) focusRowAfterRemoval(list, index);
      }}
    >
      <Icon name={icon} size={18} />
    </button>
  );
}

/** The removed row's button is gone: keyboard focus goes to the row that took its place (or the one above). */
function focusRowAfterRemoval(list: HTMLElement, index: number): void {
  requestAnimationFrame(() => {
    const rows = [`[aria-posinset="${index + 1}"]`, `[aria-posinset="${index}"]`];
    for (const selector of rows) {
      const button = list.querySelector<HTMLButtonElement>(`${selector} .draft-row__actions button`);
      if (button) return button.focus();
    }
  });
}

/** Up and down in the queue: the order in which waiting drafts start. Focus stays on the button pressed. */
function MoveButtons({ id, name, first, last }: { id: string; name: string; first: boolean; last: boolean }) {
  const group = useRef<HTMLDivElement>(null);
  const move = (delta: -1 | 1) => {
    void moveDraft(id, delta);
    // The row keeps its element (keyed by id); bring it into view where it lands.
    requestAnimationFrame(() => group.current?.scrollIntoView({ block: 'nearest' }));
  };
  return (
    <div className="move-buttons" ref={group}>
      <button type="button" className="move-buttons__button" aria-label={`Move ${name} up`} title="Move up" aria-disabled={first || undefined} onClick={() => !first && move(-1)}>
        <Icon name="arrow-up" size={14} />
      </button>
      <button type="button" className="move-buttons__button" aria-label={`Move ${name} down`} title="Move down" aria-disabled={last || undefined} onClick={() => !last && move(1)}>
        <Icon name="arrow-down" size={14} />
      </button>
    </div>
  );
}
