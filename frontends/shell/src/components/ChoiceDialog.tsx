import { Button } from '@pencraft/ui';
import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal question with two answers, on <dialog> (focus kept inside, Escape answers "dismiss"). The first answer
 * gets the focus.
 */
export function ChoiceDialog({
  open,
  title,
  children,
  confirm,
  dismiss,
  busy = false,
  onConfirm,
  onDismiss,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirm: string;
  dismiss: string;
  busy?: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="pc-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onDismiss();
      }}
    >
      <div className="pc-dialog__body">
        <h2 id={titleId} className="pc-dialog__title">
          {title}
        </h2>
        <div id={bodyId} className="pc-dialog__message">
          {children}
        </div>
        <div className="pc-dialog__actions">
          <Button onClick={onConfirm} busy={busy} autoFocus>
            {confirm}
          </Button>
          <Button variant="secondary" onClick={onDismiss} disabled={busy}>
            {dismiss}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
