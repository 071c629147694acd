import { ApiError, Button } from '@pencraft/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useReaderTranslation } from '../i18n.js';

/** "Delete the comment?" on a <dialog> (focus kept inside, Escape cancels); the server's refusal is shown in it. */
export function ConfirmDelete({
  open,
  onConfirm,
  onClose,
  onClosed,
}: {
  open: boolean;
  onConfirm: () => Promise<void>;
  /** Asks to close (cancel, Escape). */
  onClose: () => void;
  /** The dialog has closed (after the browser gave the focus back). */
  onClosed?: () => void;
}) {
  const { t } = useReaderTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setFailure(undefined);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  async function confirm() {
    setBusy(true);
    setFailure(undefined);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t('comments.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={ref}
      className="pc-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      onClose={onClosed}
    >
      <div className="pc-dialog__body">
        <h2 id={titleId} className="pc-dialog__title">
          {t('comments.deleteTitle')}
        </h2>
        <p id={bodyId} className="pc-dialog__message">
          {t('comments.deleteText')}
        </p>
        {failure && (
          <p className="pc-field__error" role="alert">
            {failure}
          </p>
        )}
        <div className="pc-comment-dialog__actions">
          <Button variant="danger" busy={busy} onClick={() => void confirm()}>
            {t('comments.delete')}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus>
            {t('common:actions.cancel')}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
