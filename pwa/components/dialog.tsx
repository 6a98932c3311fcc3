/**
 * Modal dialogs on the native <dialog> element: focus is moved in and kept there, Escape closes, and
 * the page behind is inert, with no extra library; it is also `aria-hidden` while the dialog is open
 * (pwa/lib/hide-outside.ts), for tools that read the page by roles and do not know a modal's rules.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button';
import { hideOutside } from '../lib/hide-outside';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  /** action buttons, right-aligned under the content */
  footer?: ReactNode;
}

export function Dialog({ open, title, onClose, children, footer }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d || !open) return;
    if (!d.open) {
      opener.current = document.activeElement;
      d.showModal();
    }
    const restore = hideOutside(d);
    // closed, or taken away while open (a dialog shown only while in use)
    return () => {
      restore();
      if (d.open) d.close();
      // The browser gives focus back to the opener only from inside the dialog; when its content is gone
      // first (closed by its own button's success), focus is on the page, so it is given back here.
      const active = document.activeElement;
      if ((active === document.body || !active) && opener.current instanceof HTMLElement && opener.current.isConnected) {
        opener.current.focus();
      }
    };
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault(); // Escape: let the owner decide (it may be busy)
        onClose();
      }}
      onClick={(e) => {
        // a click on the backdrop closes it, but not a form's: a stray tap beside it would lose what was typed
        if (e.target === ref.current && !ref.current.querySelector('form')) onClose();
      }}
    >
      {open && (
        <div className="dialog-body">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          {children}
          {footer && <div className="dialog-footer">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  /** an error to show inside the dialog (e.g. the server refused) */
  error?: ReactNode;
  /** why the action cannot be confirmed now (offline), said in the dialog; the confirm button is off meanwhile */
  disabledReason?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?" with Cancel and a confirm button. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  danger,
  busy,
  error,
  disabledReason,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={() => !busy && onCancel()}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            onClick={onConfirm}
            busy={busy}
            busyText={busyLabel}
            disabled={!!disabledReason && !busy}
            title={disabledReason}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div>{message}</div>
      {/* in the dialog from the start, so the reason is announced when the signal goes */}
      <p className="note" role="status">
        {disabledReason && !busy ? disabledReason : null}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
