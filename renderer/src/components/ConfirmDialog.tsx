/**
 * A modal question with one consequential answer. The native <dialog> shown with showModal():
 * the rest of the page is inert, focus starts inside and returns to where it was, Escape cancels.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './Button';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** 'danger' for answers that cannot be taken back. */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, children, confirmLabel, tone = 'primary', busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    // The safe answer first: Enter right away must not remove anything.
    element.querySelector<HTMLButtonElement>('[data-dialog-cancel]')?.focus();
    return () => {
      element.close();
      returnTo?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape: close through React state, so the dialog and the state never disagree.
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <div id={bodyId} className="dialog__body">
        {children}
      </div>
      <div className="dialog__actions">
        <Button onClick={onCancel} unavailable={busy} data-dialog-cancel="">
          Cancel
        </Button>
        <Button variant="primary" className={tone === 'danger' ? 'button--danger' : undefined} busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
