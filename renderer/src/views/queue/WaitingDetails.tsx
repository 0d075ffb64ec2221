/**
 * Why a draft waits for inbox space, in full, and when it will most likely go; with the way out:
 * send this account's waiting drafts to another account. A modal (components/ModalDialog.tsx):
 * focus moves in, Escape closes, focus returns to the row's button.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { DraftView } from '../../api/contract';
import { Button } from '../../components/Button';
import { ModalDialog } from '../../components/ModalDialog';
import { useWords } from '../../i18n/main-words';
import { useDrafts } from '../../state/drafts';
import { useAccountName } from './account-name';
import { InboxHolders } from './InboxHolders';
import { MoveWaiting } from './MoveWaiting';
import { whenWords } from './when-words';

/** The drafts of an account waiting for inbox space, in queue order. */
export function useInboxWaiting(openId: string): string[] {
  return useDrafts(useShallow((state) => state.order.filter((id) => { const d = state.byId.get(id); return d !== undefined && d.openId === openId && d.state === 'waiting' && d.expectedAt !== null; })));
}

export function WaitingDetails({ draft, onClose }: { draft: DraftView; onClose: () => void }) {
  const intl = useIntl();
  const waiting = useInboxWaiting(draft.openId);
  const name = useAccountName()(draft.openId);
  const sayReason = useWords();
  return (
    <ModalDialog
      title={intl.formatMessage({ id: 'queue.waiting.title' }, { name: draft.fileName })}
      onCancel={onClose}
      body={
        <>
          <p data-testid="waiting-reason">{sayReason(draft.reason)}</p>
          {draft.expectedAt !== null ? (
            <p data-testid="waiting-expected">
              <FormattedMessage id="queue.waiting.expected" values={{ when: whenWords(intl, draft.expectedAt), account: name, strong: (chunks) => <strong>{chunks}</strong> }} />
            </p>
          ) : null}
          <InboxHolders openId={draft.openId} name={name} />
          <MoveWaiting from={draft.openId} ids={waiting} onMoved={onClose} />
        </>
      }
      actions={<Button onClick={onClose}>{intl.formatMessage({ id: 'queue.close' })}</Button>}
    />
  );
}
