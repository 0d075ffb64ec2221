/**
 * One draft in the queue: picture, name, size, length and account; its state in words with a
 * progress bar; and what can be done with it now. Every control is a button named with the file
 * ("Pause clip.mp4"), so a screen reader's button list reads as a to-do list. A row can be
 * selected for a bulk action and dragged onto another to reorder (row-drag.ts); a draft waiting
 * for inbox space says when it will most likely go and opens its full reason (WaitingDetails).
 */
import { memo, useRef, useState, type CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import type { DraftView } from '../../api/contract';
import { Icon, type IconName } from '../../components/Icon';
import { useFormat } from '../../i18n/format';
import { accountLabel, useAccounts } from '../../state/accounts';
import { placeDraft, runDraftAction, useDrafts } from '../../state/drafts';
import { toggleSelected, useQueueView } from '../../state/queue-view';
import { rowDragHandlers } from './row-drag';
import { WaitingDetails } from './WaitingDetails';
import { whenWords } from './when-words';
import { useThumbnail } from '../../state/thumbnails';
import { actionsFor, describeDraft, type DraftActionName } from './draft-words';
import { useWords } from '../../i18n/main-words';
import { DraftThumb } from './DraftThumb';
import { ProgressBar } from './ProgressBar';
import { VideoFacts } from './VideoFacts';
import { VideoFix } from './VideoFix';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { confirmQuestion } from './confirm-question';

interface DraftRowProps {
  id: string;
  index: number;
  count: number;
  /** The drafts shown just above and below (null at the ends): the up and down buttons move past them. */
  prevId: string | null;
  nextId: string | null;
  /** Where the row sits in the list (px). */
  top: number;
}

const ICONS: Record<DraftActionName, IconName> = { pause: 'pause', resume: 'play', cancel: 'close', retry: 'retry', remove: 'trash' };

export const DraftRow = memo(function DraftRow({ id, index, count, prevId, nextId, top }: DraftRowProps) {
  const draft = useDrafts((state) => state.byId.get(id));
  if (!draft) return null;
  return <DraftRowContent draft={draft} index={index} count={count} prevId={prevId} nextId={nextId} style={{ transform: `translateY(${top}px)` }} />;
});

function DraftRowContent({ draft, index, count, prevId, nextId, style }: { draft: DraftView; index: number; count: number; prevId: string | null; nextId: string | null; style: CSSProperties }) {
  const selected = useQueueView((state) => state.selected.has(draft.id));
  const thumbnail = useThumbnail(draft);
  const account = useAccounts((state) => state.accounts?.find((candidate) => candidate.openId === draft.openId));
  const intl = useIntl();
  const format = useFormat();
  const sayReason = useWords();
  const words = describeDraft(intl, draft, sayReason(draft.reason));
  const name = draft.fileName;
  const accountName = account ? accountLabel(account) : intl.formatMessage({ id: 'queue.account.unknown' });
  const meta = [draft.kind === 'video_url' ? draft.sourceUrl : format.bytes(draft.size), draft.durationMs !== null ? format.duration(draft.durationMs) : null, accountName].filter(Boolean).join(' · ');

  return (
    <li className={`draft-row draft-row--batch draft-row--${words.tone}`} style={style} aria-setsize={count} aria-posinset={index + 1} data-draft-id={draft.id} data-state={draft.state} {...rowDragHandlers(draft.id)}>
      <input type="checkbox" className="draft-row__select" aria-label={intl.formatMessage({ id: 'queue.row.select' }, { name })} checked={selected} onChange={(event) => toggleSelected(draft.id, event.target.checked)} />
      <MoveButtons id={draft.id} name={name} prevId={prevId} nextId={nextId} />
      <DraftThumb src={thumbnail} photos={draft.photo?.images.length} />
      <div className="draft-row__main">
        <p className="draft-row__name" dir="auto" title={name}>
          {name}
        </p>
        <p className="draft-row__meta" title={meta}>
          {meta}
        </p>
        {draft.video ? <VideoFacts check={draft.video} withFix={draft.fix !== null} /> : null}
        {draft.fix ? <VideoFix draft={draft} fix={draft.fix} /> : null}
        {draft.resumedAfterCrash ? <p className="draft-row__note">{intl.formatMessage({ id: 'queue.row.resumedAfterCrash' })}</p> : null}
      </div>
      <div className="draft-row__status">
        <p className="draft-row__state">
          <span className={`state-badge state-badge--${words.tone}`}>{words.label}</span>
        </p>
        {draft.state === 'waiting' && draft.expectedAt !== null ? (
          <WaitingDetail draft={draft} expectedAt={draft.expectedAt} />
        ) : words.detail ? (
          <p className="draft-row__detail" title={words.detail}>
            {words.detail}
          </p>
        ) : null}
        {words.progress !== null ? <ProgressBar value={words.progress} tone={words.tone} label={intl.formatMessage({ id: 'queue.row.progress' }, { name, state: words.label })} /> : null}
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
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const format = useFormat();
  const verb = intl.formatMessage({ id: `queue.row.action.${action}` });
  const label = intl.formatMessage({ id: `queue.row.actionOn.${action}` }, { name: draft.fileName });
  const run = async () => {
    const list = button.current?.closest('ul');
    setAsking(false);
    setBusy(true);
    await runDraftAction(draft, action);
    setBusy(false);
    if (action === 'remove' && list) focusRowAfterRemoval(list, index);
  };
  const question = confirmQuestion(draft, action);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={action === 'remove' ? 'icon-button icon-button--danger' : 'icon-button'}
        aria-label={label}
        title={verb}
        aria-busy={busy || undefined}
        onClick={() => {
          if (busy) return;
          if (question) setAsking(true);
          else void run();
        }}
      >
        <Icon name={ICONS[action]} size={18} />
      </button>
      {asking && question ? (
        <ConfirmDialog
          title={intl.formatMessage({ id: question.title }, { name: draft.fileName })}
          confirmLabel={intl.formatMessage({ id: question.confirm })}
          keepLabel={intl.formatMessage({ id: question.keep })}
          tone="danger"
          onConfirm={() => void run()}
          onCancel={() => setAsking(false)}
        >
          <p>{intl.formatMessage({ id: question.body })}</p>
          {question.received > 0 ? <p>{intl.formatMessage({ id: 'queue.confirmCancel.progress' }, { sent: format.bytes(question.received), size: format.bytes(draft.size) })}</p> : null}
        </ConfirmDialog>
      ) : null}
    </>
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

/** Up and down past the drafts shown: the order in which waiting drafts start. Focus stays on the button pressed. */
function MoveButtons({ id, name, prevId, nextId }: { id: string; name: string; prevId: string | null; nextId: string | null }) {
  const intl = useIntl();
  const group = useRef<HTMLDivElement>(null);
  const move = (target: string, where: 'before' | 'after') => {
    void placeDraft(id, target, where);
    // The row keeps its element (keyed by id); bring it into view where it lands.
    requestAnimationFrame(() => group.current?.scrollIntoView({ block: 'nearest' }));
  };
  return (
    <div className="move-buttons" ref={group}>
      <button type="button" className="move-buttons__button" aria-label={intl.formatMessage({ id: 'queue.row.moveUp.label' }, { name })} title={intl.formatMessage({ id: 'queue.row.moveUp' })} aria-disabled={prevId === null || undefined} onClick={() => prevId !== null && move(prevId, 'before')}>
        <Icon name="arrow-up" size={14} />
      </button>
      <button type="button" className="move-buttons__button" aria-label={intl.formatMessage({ id: 'queue.row.moveDown.label' }, { name })} title={intl.formatMessage({ id: 'queue.row.moveDown' })} aria-disabled={nextId === null || undefined} onClick={() => nextId !== null && move(nextId, 'after')}>
        <Icon name="arrow-down" size={14} />
      </button>
    </div>
  );
}

/** A draft waiting for inbox space: when it will most likely go, as a button that opens the full reason and the way out. */
function WaitingDetail({ draft, expectedAt }: { draft: DraftView; expectedAt: number }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const when = whenWords(intl, expectedAt);
  const text = intl.formatMessage({ id: 'queue.row.inboxFull' }, { when });
  return (
    <>
      {/* The title holds the whole line when a longer language cuts it short (as the row's other lines do). */}
      <button type="button" className="draft-row__detail draft-row__why" aria-haspopup="dialog" aria-label={intl.formatMessage({ id: 'queue.row.inboxFull.label' }, { name: draft.fileName, when })} title={text} onClick={() => setOpen(true)}>
        {text}
      </button>
      {open ? <WaitingDetails draft={draft} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
