/**
 * Which row actions ask first (issue 28: cancel is not a trap), as message ids for the view to
 * word. Cancelling a draft that has started stops it and loses what the platform received, and
 * the platform may still count it in the inbox for a while; removing one that failed or was
 * cancelled loses its Retry. A draft that has not started, or is done, acts at once. Pure.
 */
import type { DraftView } from '../../api/contract';
import type { MessageId } from '../../i18n';
import type { DraftActionName } from './draft-words';

export interface ConfirmQuestion {
  title: MessageId;
  body: MessageId;
  confirm: MessageId;
  keep: MessageId;
  /** Bytes the platform has of it, said in the question when there are some. */
  received: number;
}

export function confirmQuestion(draft: Pick<DraftView, 'state' | 'publishId' | 'uploadedBytes' | 'sentBytes' | 'retryable'>, action: DraftActionName): ConfirmQuestion | null {
  if (action === 'cancel') {
    const started = draft.publishId !== null || draft.sentBytes > 0 || draft.state === 'uploading' || draft.state === 'processing';
    if (!started) return null;
    return { title: 'queue.confirmCancel.title', body: 'queue.confirmCancel.body', confirm: 'queue.confirmCancel.confirm', keep: 'queue.confirmCancel.keep', received: draft.uploadedBytes };
  }
  if (action === 'remove' && (draft.state === 'failed' || draft.state === 'cancelled') && draft.retryable) {
    return { title: 'queue.confirmRemove.title', body: 'queue.confirmRemove.body', confirm: 'queue.confirmRemove.confirm', keep: 'queue.confirmRemove.keep', received: 0 };
  }
  return null;
}
