/** A modal question with one consequential answer; the safe answer has focus first. */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button } from './Button';
import { ModalDialog } from './ModalDialog';

/** The safe answer's button, which has focus first (a selector, not words). */
const SAFE_ANSWER = '[data-dialog-cancel]';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The safe answer; Cancel (common.cancel) unless the question is itself about cancelling. */
  keepLabel?: string;
  /** 'danger' for answers that cannot be taken back. */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, children, confirmLabel, keepLabel, tone = 'primary', busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const intl = useIntl();
  return (
    <ModalDialog
      title={title}
      body={children}
      bodyDescribes
      onCancel={onCancel}
      busy={busy}
      // Enter right away must not remove anything.
      initialFocus={SAFE_ANSWER}
      actions={
        <>
          <Button onClick={onCancel} unavailable={busy} data-dialog-cancel="">
            {keepLabel ?? intl.formatMessage({ id: 'common.cancel' })}
          </Button>
          <Button variant="primary" className={tone === 'danger' ? 'button--danger' : undefined} busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
