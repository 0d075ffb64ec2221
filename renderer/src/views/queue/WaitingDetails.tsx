/**
 * Why a draft waits for inbox space, in full, and when it will most likely go; with the way out:
 * send this account's waiting drafts to another account. A modal (components/ModalDialog.tsx):
 * focus moves in, Escape closes, focus returns to the row's button.
 */
import { useShallow } from 'zustand/react/shallow';
import type { DraftView } from '../../api/contract';
import { Button } from '../../components/Button';
import { ModalDialog } from '../../components/ModalDialog';
import { useWords } from '../../i18n/main-words';
import { accountLabel, useAccounts } from '../../state/accounts';
import { useDrafts } from '../../state/drafts';
import { InboxHolders } from './InboxHolders';
import { MoveWaiting } from './MoveWaiting';
import { whenWords } from './when-words';

/** The drafts of an account waiting for inbox space, in queue order. */
export function useInboxWaiting(openId: string): string[] {
  return useDrafts(useShallow((state) => state.order.filter((id) => { const d = state.byId.get(id); return d !== undefined && d.openId === openId && d.state === 'waiting' && d.expectedAt !== null; })));
}

export function WaitingDetails({ draft, onClose }: { draft: DraftView; onClose: () => void }) {
  const account = useAccounts((state) => state.accounts?.find((candidate) => candidate.openId === draft.openId));
  const waiting = useInboxWaiting(draft.openId);
  const name = account ? accountLabel(account) : draft.openId;
  const sayReason = useWords();
  return (
    <ModalDialog
      title={`Why ${draft.fileName} waits`}
      onCancel={onClose}
      body={
        <>
          <p data-testid="waiting-reason">{sayReason(draft.reason)}</p>
          {draft.expectedAt !== null ? (
            <p data-testid="waiting-expected">
              Most likely it goes <strong>{whenWords(draft.expectedAt)}</strong>, when the oldest draft still waiting in {name}’s inbox is 24 hours old, or sooner if you post a draft from that inbox in the platform’s app.
            </p>
          ) : null}
          <InboxHolders openId={draft.openId} name={name} />
          <MoveWaiting from={draft.openId} ids={waiting} onMoved={onClose} />
        </>
      }
      actions={<Button onClick={onClose}>Close</Button>}
    />
  );
}
