/**
 * The one modal shell: the native <dialog> shown with showModal(), so the rest of the page is
 * inert, focus moves inside (to `initialFocus` when given) and returns to where it was on close.
 * Escape closes through React state (onCancel), so the dialog and the state never disagree.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalDialogProps {
  title: string;
  body: ReactNode;
  actions: ReactNode;
  /** Escape; ignored while `busy`. */
  onCancel: () => void;
  busy?: boolean;
  /** A selector for what takes focus first (the safe answer of a question); else the browser's choice. */
  initialFocus?: string;
  /** The body is read out as the dialog's description (a question; not a body full of controls). */
  bodyDescribes?: boolean;
}

export function ModalDialog({ title, body, actions, onCancel, busy = false, initialFocus, bodyDescribes = false }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  // Once per mount: shown on mount, closed on unmount.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    if (initialFocus) element.querySelector<HTMLElement>(initialFocus)?.focus();
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
      aria-describedby={bodyDescribes ? bodyId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <div id={bodyId} className="dialog__body">
        {body}
      </div>
      <div className="dialog__actions">{actions}</div>
    </dialog>
  );
}
