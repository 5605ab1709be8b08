import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { keepTabInside } from './modal-focus';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
  /** A translated message shown inside the dialog (a failed confirm keeps it open). */
  error?: string | null;
  /** The confirm button's look: `danger` (the default) for what cannot be undone, else primary. */
  confirmKind?: 'danger' | 'primary';
}

/**
 * A modal confirm (spec: cancelling needs a confirm dialog), never window.confirm: it is
 * translated, styled and accessible. Focus moves to the safe choice, stays inside while open,
 * Escape cancels, and focus returns to where it was on close.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
  error,
  confirmKind = 'danger',
}: ConfirmDialogProps) {
  const ids = useId();
  const panel = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    return () => {
      if (previous && previous.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onCancel();
      return;
    }
    keepTabInside(event, panel.current);
  };

  return (
    <div
      className="confirm-backdrop"
      onMouseDown={(e) => e.target === e.currentTarget && !busy && onCancel()}
    >
      <div
        ref={panel}
        className="confirm-panel"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${ids}-title`}
        aria-describedby={`${ids}-body`}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${ids}-title`} className="confirm-title">
          {title}
        </h2>
        <div id={`${ids}-body`} className="confirm-body">
          {children}
        </div>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        <div className="confirm-actions">
          <button
            ref={cancelRef}
            type="button"
            className="btn btn-secondary"
            onClick={onCancel}
            disabled={busy}
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`btn btn-${confirmKind}`}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
