/** A modal question with one consequential answer; the safe answer has focus first. */
import type { ReactNode } from 'react';
import { Button } from './Button';
import { ModalDialog } from './ModalDialog';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The safe answer; "Cancel" unless the question is itself about cancelling. */
  keepLabel?: string;
  /** 'danger' for answers that cannot be taken back. */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, children, confirmLabel, keepLabel = 'Cancel', tone = 'primary', busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <ModalDialog
      title={title}
      body={children}
      bodyDescribes
      onCancel={onCancel}
      busy={busy}
      // Enter right away must not remove anything.
      initialFocus="[data-dialog-cancel]"
      actions={
        <>
          <Button onClick={onCancel} unavailable={busy} data-dialog-cancel="">
            {keepLabel}
          </Button>
          <Button variant="primary" className={tone === 'danger' ? 'button--danger' : undefined} busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
