import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.js';

export type DialogKind = 'success' | 'failure';

export interface DialogProps {
  open: boolean;
  kind: DialogKind;
  /** Defaults to "operation success" / the generic failure text of the current language. */
  message?: string | undefined;
  title?: string | undefined;
  onClose: () => void;
}

function Icon({ kind }: { kind: DialogKind }) {
  return (
    <svg
      className={`pc-dialog__icon pc-dialog__icon--${kind}`}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      {kind === 'success' ? (
        <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="M12 7v6M12 16.5v.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}

/** A modal message built on <dialog>: focus is trapped and Escape closes it, natively. */
export function Dialog({ open, kind, message, title, onClose }: DialogProps) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`pc-dialog pc-dialog--${kind}`}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      role={kind === 'failure' ? 'alertdialog' : 'dialog'}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="pc-dialog__body">
        <Icon kind={kind} />
        <h2 id={titleId} className="pc-dialog__title">
          {title ?? t(kind === 'success' ? 'dialog.successTitle' : 'dialog.failureTitle')}
        </h2>
        <p id={messageId} className="pc-dialog__message">
          {message ?? t(kind === 'success' ? 'dialog.success' : 'dialog.failure')}
        </p>
        <Button variant={kind === 'success' ? 'primary' : 'secondary'} onClick={onClose} autoFocus>
          {t('dialog.close')}
        </Button>
      </div>
    </dialog>
  );
}
